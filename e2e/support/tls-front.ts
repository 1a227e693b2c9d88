// A TLS terminator in front of the shop, as a load balancer or an Ingress controller is in
// production: https (and wss) on its own port, plain HTTP to one backend on 127.0.0.1, with the
// X-Forwarded-* headers such a proxy adds (X-Forwarded-For appended to, X-Forwarded-Proto https,
// X-Forwarded-Host the public host). The certificate is self-signed, made for one test run by the
// openssl CLI into the test's temporary folder: no key is ever committed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';

export interface SelfSignedCertificate {
  cert: string;
  key: string;
  /** The certificate's PEM file, for NODE_EXTRA_CA_CERTS (the gateway reads the remotes' manifests through the front). */
  certFile: string;
}

/** A certificate for localhost and 127.0.0.1, valid for a day, written into `dir` (a temporary folder the test removes). */
export function makeSelfSignedCertificate(dir: string): SelfSignedCertificate {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
}

export interface TlsFront {
  /** `https://localhost:<port>` */
  origin: string;
  /** Requests and websocket upgrades it passed on. */
  seen: { requests: number; upgrades: string[] };
  close(): Promise<void>;
}

/** Headers describing the browser's connection to this proxy, not the proxy's to the backend. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function forwardedHeaders(req: IncomingMessage, { keepUpgrade }: { keepUpgrade: boolean }): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) || (keepUpgrade && (name === 'connection' || name === 'upgrade'))) headers[name] = value;
  }
  const peer = req.socket.remoteAddress ?? '';
  const earlier = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = earlier ? `${String(earlier)}, ${peer}` : peer;
  headers['x-forwarded-proto'] = 'https';
  headers['x-forwarded-host'] = req.headers.host;
  return headers;
}

/** Listens on `port` (0: any free one) and forwards everything to http://127.0.0.1:`backendPort`. */
export async function startTlsFront({ certificate, port, backendPort }: { certificate: SelfSignedCertificate; port: number; backendPort: number }): Promise<TlsFront> {
  const seen = { requests: 0, upgrades: [] as string[] };
  const server = https.createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    seen.requests++;
    const upstream = http.request(
      { host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: forwardedHeaders(req, { keepUpgrade: false }) },
      (answer) => {
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  server.on('upgrade', (req: IncomingMessage, socket: net.Socket, head: Buffer) => {
    seen.upgrades.push(req.url ?? '');
    const upstream = net.connect(backendPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(forwardedHeaders(req, { keepUpgrade: true }))) {
        for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) lines.push(`${name}: ${v}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const drop = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('error', drop);
    socket.on('error', drop);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    origin: `https://localhost:${(server.address() as AddressInfo).port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
