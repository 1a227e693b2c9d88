import express from 'express';
import { healthRouter } from './health.js';
import { startServer } from './server.js';
import { testLogger } from './testing.js';

describe('startServer', () => {
  it('finishes in-flight requests, refuses new connections, then runs onShutdown', async () => {
    const events: string[] = [];
    let markStarted!: () => void;
    const slowStarted = new Promise<void>((r) => (markStarted = r));
    let releaseSlow!: () => void;
    const slowReleased = new Promise<void>((r) => (releaseSlow = r));
    const app = express().get('/slow', async (_req, res) => {
      markStarted();
      await slowReleased;
      events.push('slow answered');
      res.json({ done: true });
    });
    const server = await startServer({
      app,
      port: 0,
      host: '127.0.0.1',
      logger: testLogger(),
      handleSignals: false,
      onShutdown: async () => void events.push('onShutdown'),
    });
    const url = `http://127.0.0.1:${server.port}`;

    const inFlight = fetch(`${url}/slow`);
    await slowStarted;
    const closed = server.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual([]); // shutdown waits for the request in flight
    releaseSlow();

    expect(await (await inFlight).json()).toEqual({ done: true });
    await closed;
    expect(events).toEqual(['slow answered', 'onShutdown']);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    await server.close(); // a second close is harmless
    expect(events).toEqual(['slow answered', 'onShutdown']);
  });

  it('while draining says so on /readyz, still serves, and closes each answered connection', async () => {
    const app = express();
    app.use(healthRouter({ checks: {} }));
    app.get('/work', (_req, res) => void res.json({ done: true }));
    const server = await startServer({ app, port: 0, host: '127.0.0.1', logger: testLogger(), handleSignals: false });
    const url = `http://127.0.0.1:${server.port}`;
    try {
      const before = await fetch(`${url}/readyz`);
      expect([before.status, before.headers.get('connection')]).toEqual([200, 'keep-alive']);

      const draining = server.drain(300);
      const ready = await fetch(`${url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([503, { status: 'draining' }]);
      const work = await fetch(`${url}/work`);
      expect([work.status, await work.json(), work.headers.get('connection')]).toEqual([200, { done: true }, 'close']);
      await draining;
    } finally {
      await server.close();
    }
  });
});
