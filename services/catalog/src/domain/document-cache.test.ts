import express from 'express';
import { errorHandler, notFound } from '@pl/service-kit';
import { listen, testLogger, type Listening } from '@pl/service-kit/testing';
import { createDocumentCache, type DocumentWriter } from './document-cache.js';

/** An app answering GET /doc from a document cache, its build told by the test. */
async function serve(options: Parameters<typeof createDocumentCache>[0], build: (out: DocumentWriter) => Promise<void>): Promise<Listening> {
  const cache = createDocumentCache(options);
  const app = express();
  app.get('/doc', async (req, res) => cache.send(req, res, 'key', 'application/xml; charset=utf-8', build));
  app.use(errorHandler(testLogger()));
  return listen(app);
}

describe('the crawler documents cache', () => {
  let server: Listening | undefined;
  afterEach(() => server?.close());

  it('builds once for every request that asks while it builds', async () => {
    let builds = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server = await serve({}, async (out) => {
      builds++;
      out.write('<a>');
      await released;
      out.write('</a>');
    });
    const asked = [1, 2, 3].map(() => fetch(`${server!.url}/doc`).then((res) => res.text()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await Promise.all(asked)).toEqual(['<a></a>', '<a></a>', '<a></a>']);
    expect(builds).toBe(1);
  });

  it('keeps nothing of a build that failed: the next request builds again', async () => {
    let builds = 0;
    server = await serve({}, async (out) => {
      out.write('<a>');
      if (++builds === 1) throw notFound('No such document');
      out.write('</a>');
    });
    const first = await fetch(`${server.url}/doc`);
    expect([first.status, await first.json()]).toEqual([404, { message: 'No such document', code: 'NOT_FOUND' }]);
    expect(await (await fetch(`${server.url}/doc`)).text()).toBe('<a></a>');
    expect(builds).toBe(2);
  });

  it('keeps a document until its time is up, and none larger than its byte budget', async () => {
    let clock = 0;
    let builds = 0;
    const text = 'x'.repeat(100_000);
    server = await serve({ ttlMs: 1000, now: () => clock }, async (out) => {
      builds++;
      out.write(text);
    });
    await fetch(`${server.url}/doc`).then((res) => res.text());
    clock = 999;
    expect(await (await fetch(`${server.url}/doc`)).text()).toBe(text);
    expect(builds).toBe(1);
    clock = 1000;
    await fetch(`${server.url}/doc`).then((res) => res.text());
    expect(builds).toBe(2);
    await server.close();

    builds = 0;
    // 100,000 x's gzip to ~130 bytes.
    server = await serve({ maxBytes: 100 }, async (out) => {
      builds++;
      out.write(text);
    });
    for (let i = 0; i < 2; i++) expect(await (await fetch(`${server.url}/doc`)).text()).toBe(text);
    expect(builds).toBe(2);
  });
});
