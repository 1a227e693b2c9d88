import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { natsServerBinary, spawnNatsServer, startPrivateNats } from './local-stack.mjs';

// The one nats-server starter (tests, the bench, npm start): what answers on the port must be the
// server it started. A test that restarts its server on its own port could otherwise be handed
// another process's listener there, with its own server gone (e2e outage-recovery, two files at once).
const haveBinary = natsServerBinary({ orSbin: true }) !== null;

(haveBinary ? describe : describe.skip)('spawnNatsServer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pl-nats-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a server that answers on its port, and refuses to take another listener there for it', async () => {
    const first = await startPrivateNats({ env: {} });
    try {
      const port = Number(new URL(first.url!).port);
      await expect(spawnNatsServer({ port, storeDir: path.join(dir, 'second') })).rejects.toThrow(/exited during start|did not answer/);
    } finally {
      await first.stop();
    }
  });

  it('stops, and starts again on the same port with the same store', async () => {
    const first = await startPrivateNats({ env: {} });
    const port = Number(new URL(first.url!).port);
    await first.stop();
    const again = await spawnNatsServer({ port, storeDir: path.join(dir, 'again') });
    expect(again.url).toBe(`nats://127.0.0.1:${port}`);
    await again.stop();
  });
});
