// A small NATS-protocol broker for machines that have neither NATS_URL nor a nats-server binary.
// It speaks the core client protocol (INFO/CONNECT/PUB/HPUB/SUB/UNSUB/PING/PONG, queue groups,
// wildcards, no-responders) over TCP, so every process keeps the same subjects and the same
// client library as with a real server. It has no JetStream: events are not durable, which
// `npm start` logs loudly. See docs/decisions/004-embedded-event-fallback.md.
import net from 'node:net';
import { randomBytes } from 'node:crypto';

const CRLF = '\r\n';
const MAX_PAYLOAD = 1024 * 1024;

function matches(pattern, subject) {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

export function startEmbeddedNats({ port = 4222, host = '127.0.0.1', log = () => {} } = {}) {
  const serverId = randomBytes(11).toString('hex').toUpperCase();
  /** @type {Set<Client>} */
  const clients = new Set();
  let nextClientId = 1;

  class Client {
    constructor(socket) {
      this.id = nextClientId++;
      this.socket = socket;
      this.buf = Buffer.alloc(0);
      this.subs = new Map(); // sid -> { subject, queue, max, delivered }
      this.headers = false;
      this.noResponders = false;
      this.echo = true;
      this.pending = null; // { kind, subject, reply, hdrLen, total }
    }
    send(text) {
      if (!this.socket.destroyed) this.socket.write(text);
    }
    deliver(sid, sub, subject, reply, hdr, payload) {
      if (!this.socket.destroyed) {
        const replyPart = reply ? ` ${reply}` : '';
        if (hdr && this.headers) {
          this.socket.write(`HMSG ${subject} ${sid}${replyPart} ${hdr.length} ${hdr.length + payload.length}${CRLF}`);
          this.socket.write(Buffer.concat([hdr, payload, Buffer.from(CRLF)]));
        } else {
          this.socket.write(`MSG ${subject} ${sid}${replyPart} ${payload.length}${CRLF}`);
          this.socket.write(Buffer.concat([payload, Buffer.from(CRLF)]));
        }
      }
      sub.delivered++;
      if (sub.max && sub.delivered >= sub.max) this.subs.delete(sid);
    }
  }

  function route(from, subject, reply, hdr, payload) {
    const plain = [];
    const groups = new Map();
    for (const c of clients) {
      if (c === from && !c.echo) continue;
      for (const [sid, sub] of c.subs) {
        if (!matches(sub.subject, subject)) continue;
        if (sub.queue) {
          const list = groups.get(sub.queue) ?? [];
          list.push([c, sid, sub]);
          groups.set(sub.queue, list);
        } else plain.push([c, sid, sub]);
      }
    }
    for (const list of groups.values()) plain.push(list[Math.floor(Math.random() * list.length)]);
    for (const [c, sid, sub] of plain) c.deliver(sid, sub, subject, reply, hdr, payload);
    if (plain.length === 0 && reply && from.headers && from.noResponders) {
      // No one listens: tell a requester at once instead of letting it time out (as nats-server does).
      const status = Buffer.from(`NATS/1.0 503${CRLF}${CRLF}`);
      for (const [sid, sub] of from.subs) {
        if (matches(sub.subject, reply)) {
          from.deliver(sid, sub, reply, undefined, status, Buffer.alloc(0));
          break;
        }
      }
    }
  }

  function handleLine(c, line) {
    const [op, ...args] = line.split(/\s+/).filter(Boolean);
    switch ((op ?? '').toUpperCase()) {
      case 'CONNECT': {
        try {
          const opts = JSON.parse(line.slice(line.indexOf('{')));
          c.headers = Boolean(opts.headers);
          c.noResponders = Boolean(opts.no_responders);
          c.echo = opts.echo !== false;
          if (opts.verbose) c.send(`+OK${CRLF}`);
        } catch {
          c.send(`-ERR 'Invalid CONNECT'${CRLF}`);
        }
        return;
      }
      case 'PING':
        c.send(`PONG${CRLF}`);
        return;
      case 'PONG':
        return;
      case 'SUB': {
        const [subject, a, b] = args;
        const [queue, sid] = b === undefined ? [undefined, a] : [a, b];
        if (!subject || !sid) return c.send(`-ERR 'Invalid Subject'${CRLF}`);
        c.subs.set(sid, { subject, queue, max: 0, delivered: 0 });
        return;
      }
      case 'UNSUB': {
        const [sid, max] = args;
        const sub = c.subs.get(sid);
        if (!sub) return;
        if (max && Number(max) > sub.delivered) sub.max = Number(max);
        else c.subs.delete(sid);
        return;
      }
      case 'PUB': {
        const [subject, x, y] = args;
        const [reply, size] = y === undefined ? [undefined, x] : [x, y];
        c.pending = { subject, reply, hdrLen: 0, total: Number(size) };
        return;
      }
      case 'HPUB': {
        const [subject, x, y, z] = args;
        const [reply, hdrLen, total] = z === undefined ? [undefined, x, y] : [x, y, z];
        c.pending = { subject, reply, hdrLen: Number(hdrLen), total: Number(total) };
        return;
      }
      default:
        c.send(`-ERR 'Unknown Protocol Operation'${CRLF}`);
    }
  }

  function onData(c, chunk) {
    c.buf = c.buf.length ? Buffer.concat([c.buf, chunk]) : chunk;
    for (;;) {
      if (c.pending) {
        const need = c.pending.total + 2;
        if (!Number.isFinite(c.pending.total) || c.pending.total > MAX_PAYLOAD) {
          c.send(`-ERR 'Maximum Payload Violation'${CRLF}`);
          c.socket.destroy();
          return;
        }
        if (c.buf.length < need) return;
        const body = c.buf.subarray(0, c.pending.total);
        c.buf = c.buf.subarray(need);
        const { subject, reply, hdrLen } = c.pending;
        c.pending = null;
        const hdr = hdrLen > 0 ? Buffer.from(body.subarray(0, hdrLen)) : undefined;
        route(c, subject, reply, hdr, Buffer.from(body.subarray(hdrLen)));
        continue;
      }
      const end = c.buf.indexOf(CRLF);
      if (end < 0) {
        if (c.buf.length > 64 * 1024) c.socket.destroy();
        return;
      }
      const line = c.buf.subarray(0, end).toString('utf8');
      c.buf = c.buf.subarray(end + 2);
      handleLine(c, line);
    }
  }

  const server = net.createServer((socket) => {
    const c = new Client(socket);
    clients.add(c);
    socket.setNoDelay(true);
    const info = {
      server_id: serverId,
      server_name: 'pl-embedded-nats',
      version: '2.10.0',
      proto: 1,
      go: 'node',
      host,
      port,
      headers: true,
      max_payload: MAX_PAYLOAD,
      client_id: c.id,
    };
    c.send(`INFO ${JSON.stringify(info)}${CRLF}`);
    socket.on('data', (chunk) => onData(c, chunk));
    socket.on('error', () => {});
    socket.on('close', () => clients.delete(c));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      log(`embedded NATS (core protocol, no JetStream) listening on nats://${host}:${server.address().port}`);
      resolve({
        url: `nats://${host}:${server.address().port}`,
        port: server.address().port,
        close: () =>
          new Promise((done) => {
            for (const c of clients) c.socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
