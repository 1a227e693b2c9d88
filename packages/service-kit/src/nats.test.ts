import net from 'node:net';
import { connectNats, ensureStream, type NatsConn } from './nats.js';
import { captureLogger, connectTestNats, uniqueSuffix } from './testing.js';

/**
 * Just enough of the NATS protocol to stand in for a server without JetStream (what the embedded
 * development fallback is): it answers pings and records what clients publish.
 */
async function natsServerWithoutJetStream() {
  const published: Array<{ subject: string; headers: string; payload: string }> = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.write(`INFO ${JSON.stringify({ server_id: 'fake', server_name: 'fake', version: '2.10.0', proto: 1, headers: true, max_payload: 1048576 })}\r\n`);
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const [op = '', ...args] = buffer.subarray(0, eol).toString().split(' ');
        if (op === 'HPUB' || op === 'PUB') {
          const total = Number(args[args.length - 1]);
          const headerLength = op === 'HPUB' ? Number(args[args.length - 2]) : 0;
          if (buffer.length < eol + 2 + total + 2) return;
          const body = buffer.subarray(eol + 2, eol + 2 + total);
          published.push({ subject: args[0] ?? '', headers: body.subarray(0, headerLength).toString(), payload: body.subarray(headerLength).toString() });
          buffer = buffer.subarray(eol + 2 + total + 2);
          continue;
        }
        if (op === 'PING') socket.write('PONG\r\n');
        buffer = buffer.subarray(eol + 2);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `nats://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    published,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

describe('connectNats', () => {
  it('detects JetStream and publishes with the message id, de-duplicating a repeat', async () => {
    const conn = await connectTestNats();
    const name = `KIT_${uniqueSuffix()}`.toUpperCase();
    const subject = `t.${name.toLowerCase()}.event`;
    try {
      expect(conn.hasJetStream).toBe(true);
      await ensureStream(conn, { name, subjects: [`t.${name.toLowerCase()}.>`] });
      await conn.publish(subject, { n: 1 }, 'same-id');
      await conn.publish(subject, { n: 1 }, 'same-id');
      await conn.publish(subject, { n: 2 }, 'other-id');

      const jsm = await conn.nc.jetstreamManager();
      expect((await jsm.streams.info(name)).state.messages).toBe(2);
      const first = await jsm.streams.getMessage(name, { seq: 1 });
      expect(first.json()).toEqual({ n: 1 });
      expect(first.header.get('Nats-Msg-Id')).toBe('same-id');
      await jsm.streams.delete(name);
    } finally {
      await conn.drain();
    }
  });

  it('falls back to core NATS with a Nats-Msg-Id header when the server has no JetStream', async () => {
    const fake = await natsServerWithoutJetStream();
    const { logger, lines } = captureLogger();
    const conn = await connectNats({ url: fake.url, name: 'fallback-test', logger, publishTimeoutMs: 1000 });
    try {
      expect(conn.hasJetStream).toBe(false);
      await ensureStream(conn, { name: 'IGNORED', subjects: ['x.>'] }); // nothing to create, no error

      await conn.publish('inventory.updated.SKU-1', { available: 3 }, 'event-1');

      expect(fake.published).toEqual([{ subject: 'inventory.updated.SKU-1', headers: expect.stringContaining('Nats-Msg-Id: event-1'), payload: '{"available":3}' }]);
      expect(lines.filter((l) => l.level === 'warn' && /NOT durable/.test(l.msg ?? ''))).toHaveLength(1);
    } finally {
      await conn.drain();
      await fake.close();
    }
  });
});

describe('ensureStream', () => {
  let conn: NatsConn;
  beforeAll(async () => {
    conn = await connectTestNats();
  });
  afterAll(() => conn.drain());

  it('creates the stream with a duplicate window, is idempotent, and widens without dropping subjects', async () => {
    const id = `kit_${uniqueSuffix()}`;
    const name = id.toUpperCase();
    const jsm = await conn.nc.jetstreamManager();
    try {
      await Promise.all([
        ensureStream(conn, { name, subjects: [`t.${id}.a.>`] }, { duplicateWindowMs: 60_000 }),
        ensureStream(conn, { name, subjects: [`t.${id}.a.>`] }, { duplicateWindowMs: 60_000 }),
      ]);
      let info = await jsm.streams.info(name);
      expect(info.config.subjects).toEqual([`t.${id}.a.>`]);
      expect(info.config.duplicate_window).toBe(60_000 * 1e6);

      await ensureStream(conn, { name, subjects: [`t.${id}.b.>`] }, { duplicateWindowMs: 60_000 });
      info = await jsm.streams.info(name);
      expect(info.config.subjects.sort()).toEqual([`t.${id}.a.>`, `t.${id}.b.>`]);
    } finally {
      await jsm.streams.delete(name).catch(() => undefined);
    }
  });
});
