// A local server speaking the S3 protocol for the tests: s3rver (an S3 implementation over a folder,
// in this process), behind a small front that keeps one rule of S3's that s3rver does not: a
// DeleteObjects of more than 1,000 keys is refused (MalformedXML). The front counts those calls, so
// a test can see how a delete was batched.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The largest DeleteObjects S3 accepts. */
const S3_DELETE_LIMIT = 1000;

export interface LocalS3 {
  /** http://127.0.0.1:<port>: path-style addressing, credentials S3RVER / S3RVER. */
  endpoint: string;
  bucket: string;
  /** The keys of each DeleteObjects call so far, in order. */
  deleteCalls: number[];
  stop(): Promise<void>;
}

export async function startLocalS3({ bucket = 'shop-test' }: { bucket?: string } = {}): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'pl-s3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  // Not caught: a server that cannot start fails the tests that need it, never skips them.
  const { port: s3rverPort } = await s3rver.run();
  const deleteCalls: number[] = [];
  const front = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && new URL(req.url ?? '/', 'http://s3').searchParams.has('delete')) {
        const keys = body.toString('utf8').match(/<Object>/g)?.length ?? 0;
        deleteCalls.push(keys);
        if (keys > S3_DELETE_LIMIT) {
          res.writeHead(400, { 'content-type': 'application/xml' }).end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>MalformedXML</Code><Message>The XML you provided was not well-formed or did not validate against our published schema</Message></Error>',
          );
          return;
        }
      }
      const upstream = http.request({ host: '127.0.0.1', port: s3rverPort, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => front.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    deleteCalls,
    stop: async () => {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
