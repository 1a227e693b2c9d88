// The entry of every built Node process: scripts/build-node.mjs bundles this file as dist/main.js
// and the workspace's src/main.ts (its composition root) as dist/service.js, which this imports once
// tracing has started. The order is the point (decision 040): the instrumentations patch express,
// pg and node:http as they load, and every import of a bundle loads before its first line runs, so
// a composition root that started tracing itself would have loaded them already. Never run by jest.
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { loadEnvFile } from './config.js';
import { startTracing, tracingSettings } from './tracing.js';

/** The workspace's name without its scope ('catalog', 'gateway'), set by the build. */
declare const PL_SERVICE_NAME: string;

// The composition root reads .env too; this runs first, so OTEL_* set there count here as well.
loadEnvFile();

try {
  const settings = tracingSettings(PL_SERVICE_NAME);
  if (settings.enabled) {
    // express and pg are CommonJS imported from ESM: require hooks do not see them, the ESM loader
    // hook of import-in-the-middle does. It runs off-thread; the channel tells it which modules the
    // instrumentations want, and waiting for its acknowledgement keeps the first import from racing it.
    const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
    register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
    await startTracing({ serviceName: settings.serviceName });
    await waitForAllMessagesAcknowledged();
  }
} catch (err) {
  // A malformed endpoint is a configuration error like any other: say which and exit for the supervisor.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

try {
  await import(new URL('./service.js', import.meta.url).href);
} catch (err) {
  // A configuration the service refuses (loadConfig's ConfigError, decision 042): the operator reads
  // each variable and why, not a stack trace. By name: the service's bundle has its own copy of the class.
  if (err instanceof Error && err.name === 'ConfigError') {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
