// Every admin route of pos-sync behind the real gateway and identity, with the real pos-sync
// service (and its catalog and the reference POS) behind it: a guest gets 401, a customer 403,
// an admin a 2xx — refused by the gateway first and by the service itself (tested there too).
import { ApiPaths } from '@pl/contracts';
import { createTokenVerifier, type TokenVerifier } from '@pl/service-kit';
import { startPosSyncStack, type PosSyncStack } from '../../services/pos-sync/test/pos-sync-test-app';
import { adminMatrix } from './support/admin-matrix';
import { startAuthStack, type AuthStack } from './support/auth-stack';

describe('pos-sync admin routes through the gateway', () => {
  let posSync: PosSyncStack;
  let stack: AuthStack;

  beforeAll(async () => {
    // pos-sync must trust the gateway's signing key, which exists only once the gateway has started.
    let gatewayKeys: TokenVerifier | undefined;
    posSync = await startPosSyncStack({ verifier: { verify: (token) => gatewayKeys!.verify(token) } });
    stack = await startAuthStack({ gatewayEnv: { POS_SYNC_URL: posSync.service.url } });
    gatewayKeys = createTokenVerifier({ keySet: { keys: [stack.keys.publicJwk] } });
  });
  afterAll(async () => {
    await stack?.stop();
    await posSync?.stop();
  });

  it('GET pos-config, then POST pos-config with valid settings', async () => {
    const read = await adminMatrix(stack.url, ApiPaths.pos.config, 'GET');
    expect(await read.admin.json()).toEqual({ configured: false, posUrl: null });
    const saved = await adminMatrix(stack.url, ApiPaths.pos.config, 'POST', { body: { posUrl: posSync.pos.url, apiKey: posSync.pos.apiKey } });
    expect(await saved.admin.json()).toEqual({ configured: true, posUrl: posSync.pos.url });
  });

  it('GET test-connection, POST trigger, GET status and GET events', async () => {
    const test = await adminMatrix(stack.url, ApiPaths.pos.testConnection, 'GET');
    expect(await test.admin.json()).toEqual({ connected: true, message: expect.stringContaining('Connected') });
    const sync = await adminMatrix(stack.url, ApiPaths.pos.trigger, 'POST');
    expect((await sync.admin.json()).stats.productsCreated).toBeGreaterThan(0);
    const status = await adminMatrix(stack.url, ApiPaths.pos.status, 'GET');
    expect((await status.admin.json()).status).toBe('ready');
    await adminMatrix(stack.url, ApiPaths.pos.events, 'GET');
  });

  it('leaves the POS webhook path open to the POS (no session), where the signature decides', async () => {
    const res = await fetch(`${stack.url}/api/webhooks/pos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"evt_1"}' });
    expect([res.status, (await res.json()).code]).toEqual([401, 'INVALID_WEBHOOK_SIGNATURE']);
  });
});
