import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { precompress } from './precompress.mjs';
import { serveStatic } from './serve-static.mjs';

/** A remote's server: hashed chunks cached for a year, the manifest and entry revalidated cheaply. */
describe('serveStatic', () => {
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pl-serve-static-'));
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'mf_test', exposes: [] }));
    writeFileSync(path.join(dir, 'chunk.3f2a1b.js'), 'export const x = 1;'.repeat(50));
    writeFileSync(path.join(dir, 'entry.9a8b7c.js'), 'export const entry = 2;'.repeat(50));
    writeFileSync(path.join(dir, 'logo.png'), 'not really a png');
    // As the build leaves a remote's dist: compressed forms beside the compressible files (late.js comes after).
    expect(await precompress(dir)).toBe(3);
    writeFileSync(path.join(dir, 'late.1d2e3f.js'), 'export const late = 3;'.repeat(50));
    server = await serveStatic({ dir, port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it('answers a manifest with validators, and 304 (no body) to a browser whose copy is current', async () => {
    const first = await fetch(`${base}/mf-manifest.json`);
    const etag = first.headers.get('etag')!;
    expect([first.status, first.headers.get('cache-control'), etag]).toEqual([200, 'no-cache', expect.stringMatching(/^W\/"[0-9a-f]+-[0-9a-f]+"$/)]);
    expect(await first.json()).toEqual({ name: 'mf_test', exposes: [] });

    const byTag = await fetch(`${base}/mf-manifest.json`, { headers: { 'if-none-match': etag } });
    expect([byTag.status, await byTag.text(), byTag.headers.get('etag')]).toEqual([304, '', etag]);
    const byDate = await fetch(`${base}/mf-manifest.json`, { headers: { 'if-modified-since': first.headers.get('last-modified')! } });
    expect(byDate.status).toBe(304);
    const stale = await fetch(`${base}/mf-manifest.json`, { headers: { 'if-none-match': 'W/"0-0"' } });
    expect(stale.status).toBe(200);
  });

  it('caches a hashed chunk for a year and sends it gzipped once asked', async () => {
    const res = await fetch(`${base}/chunk.3f2a1b.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect([res.status, res.headers.get('cache-control'), res.headers.get('content-encoding')]).toEqual([200, 'public, max-age=31536000, immutable', 'gzip']);
    expect(await res.text()).toBe('export const x = 1;'.repeat(50));
  });

  it('sends the brotli form the build wrote when the browser takes brotli', async () => {
    expect(existsSync(path.join(dir, 'entry.9a8b7c.js.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
    // Mark the prebuilt file, so the answer shows it was sent as written rather than made here.
    const marked = Buffer.from('export const fromBuild = true;');
    writeFileSync(path.join(dir, 'entry.9a8b7c.js.br'), brotliCompressSync(marked));
    const res = await fetch(`${base}/entry.9a8b7c.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe('export const fromBuild = true;');
  });

  it('compresses a file the build left without compressed forms, once', async () => {
    const res = await fetch(`${base}/late.1d2e3f.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe('export const late = 3;'.repeat(50));
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'chunk.3f2a1b.js.br'))).toString()).toBe('export const x = 1;'.repeat(50));
  });
});
