// A nats-server of the test's own (JetStream on, its own store, a free port): for tests that stop
// and start it, or that run a whole stack whose durable consumers must not meet another suite's on
// the machine's shared server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

const natsServerBinary = () => spawnSync('sh', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];

export async function startNatsServer(port: number, storeDir: string): Promise<ChildProcess> {
  const binary = natsServerBinary();
  if (!binary) throw new Error('this test needs a nats-server binary (apt-get install nats-server)');
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  await until(async () => (await fetchable(`http://127.0.0.1:${port}`)) !== 'refused', 'nats-server listening', 10_000);
  return child;
}

/** 'refused' while nothing listens on the port (NATS answers HTTP with garbage, which is fine here). */
const fetchable = (url: string) => fetch(url, { signal: AbortSignal.timeout(500) }).then(() => 'answered', (err) => (String(err?.cause?.code) === 'ECONNREFUSED' ? 'refused' : 'answered'));

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
