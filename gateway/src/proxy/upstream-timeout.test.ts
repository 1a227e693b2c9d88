import { ApiPaths } from '@pl/contracts';
import { upstreamTimeoutFor } from './api-proxy';

describe('upstreamTimeoutFor', () => {
  const deps = { upstreamTimeoutMs: 10_000, longUpstreamTimeoutMs: 600_000 };

  it('gives a full POS sync the long timeout, with or without a trailing slash', () => {
    expect(upstreamTimeoutFor(ApiPaths.pos.trigger, deps)).toBe(600_000);
    expect(upstreamTimeoutFor(`${ApiPaths.pos.trigger}/`, deps)).toBe(600_000);
  });

  it('gives every other call the normal timeout', () => {
    for (const path of [ApiPaths.pos.status, ApiPaths.pos.config, '/api/products', `${ApiPaths.pos.trigger}-x`]) {
      expect(upstreamTimeoutFor(path, deps)).toBe(10_000);
    }
  });
});
