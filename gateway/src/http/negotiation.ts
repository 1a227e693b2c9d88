// What a GET's headers ask of a representation the gateway sends from memory (the shell's files,
// the edge cache's kept answers): which encoding, and whether the browser already holds it.
import type { IncomingMessage } from 'node:http';

export type ContentEncoding = 'identity' | 'br' | 'gzip';

/** Brotli, then gzip, as the browser accepts them (`br;q=0` refuses brotli, RFC 9110 12.5.3). */
export function preferredEncoding(req: IncomingMessage): ContentEncoding {
  const accepted = new Set<string>();
  for (const item of (req.headers['accept-encoding'] ?? '').split(',')) {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (coding && !(q && Number(q.slice(2)) === 0)) accepted.add(coding);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}

/** The browser holds this entity tag: If-None-Match names it (a list; weak comparison, as RFC 9110 says). */
export function holdsEntityTag(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
