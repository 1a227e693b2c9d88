// A nats-server of the test's own (JetStream on, its own store, a free port): for tests that stop
// and start it, or that run a whole stack whose durable consumers must not meet another suite's on
// the machine's shared server.
import type { ChildProcess } from 'node:child_process';
import { spawnNatsServer } from '../../scripts/local-stack.mjs';

export async function startNatsServer(port: number, storeDir: string): Promise<ChildProcess> {
  return (await spawnNatsServer({ port, storeDir })).child;
}

/** Polls `check` every 200 ms until it holds; resolves with the time it took. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
