import { z } from 'zod';
import { createUpstreamSet, neverReachedService, urlListVar } from './upstreams';

describe('urlListVar', () => {
  const Env = z.object({ CATALOG_URL: urlListVar('http://127.0.0.1:5102') });

  it('reads one URL or several, comma-separated, without trailing slashes', () => {
    expect(Env.parse({}).CATALOG_URL).toEqual(['http://127.0.0.1:5102']);
    expect(Env.parse({ CATALOG_URL: 'http://a:5102/, http://b:5102' }).CATALOG_URL).toEqual(['http://a:5102', 'http://b:5102']);
  });

  it('refuses what is not an http(s) URL, and an empty list', () => {
    expect(Env.safeParse({ CATALOG_URL: 'http://a:5102,ftp://b' }).error?.issues.map((i) => i.message)).toEqual(['not an http(s) URL: ftp://b']);
    expect(Env.safeParse({ CATALOG_URL: ' , ' }).error?.issues.map((i) => i.message)).toEqual(['at least one URL']);
  });
});

describe('createUpstreamSet', () => {
  it('takes turns, passes over an instance reported down until its time is up or it is reported ready', () => {
    let now = 0;
    const set = createUpstreamSet(['a', 'b', 'c'], { passOverMs: 1000, now: () => now });
    expect([set.pick(), set.pick(), set.pick(), set.pick()]).toEqual(['a', 'b', 'c', 'a']);
    set.report('b', 'down');
    expect([set.pick(), set.pick(), set.pick()]).toEqual(['c', 'a', 'c']);
    expect(set.others('a')).toEqual(['c', 'b']);
    now = 1001;
    expect([set.pick(), set.pick()]).toEqual(['a', 'b']);
    set.report('c', 'not-ready');
    set.report('c', 'ready');
    expect(set.states()).toEqual({ a: 'ready', b: 'down', c: 'ready' });
  });

  it('still gives an instance when every one is passed over (one may be back)', () => {
    const set = createUpstreamSet(['a', 'b']);
    set.report('a', 'down');
    set.report('b', 'down');
    expect(['a', 'b']).toContain(set.pick());
  });
});

describe('neverReachedService', () => {
  it('is true for a refused connection, and for a reset only on a kept-alive connection', () => {
    expect(neverReachedService({ code: 'ECONNREFUSED' })).toBe(true);
    expect(neverReachedService({ code: 'ECONNRESET' }, true)).toBe(true);
    expect(neverReachedService({ code: 'ECONNRESET' }, false)).toBe(false);
    expect(neverReachedService({ code: 'ETIMEDOUT' }, true)).toBe(false);
    expect(neverReachedService(undefined)).toBe(false);
  });
});
