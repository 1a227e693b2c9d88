import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSigningKeys } from '../src/auth/keys';
import { startGateway, type TestGateway } from './support/test-gateway';

describe('signing keys', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pl-keys-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const pem = () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    return {
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  };

  it('generates a pair on first start and loads the same pair on the second', async () => {
    const keyFile = path.join(dir, 'nested', 'jwt-keys.json');
    const first = await loadSigningKeys({ keyFile });
    const second = await loadSigningKeys({ keyFile });
    expect(first.source).toBe('generated');
    expect(second.source).toBe('file');
    expect(second.keys.kid).toBe(first.keys.kid);
    expect(second.keys.publicJwk).toEqual(first.keys.publicJwk);
  });

  it('writes the key file readable by its owner only (0600)', async () => {
    const keyFile = path.join(dir, 'jwt-keys.json');
    await loadSigningKeys({ keyFile });
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('tightens a key file that others could read', async () => {
    const keyFile = path.join(dir, 'jwt-keys.json');
    const { privateKeyPem, publicKeyPem } = pem();
    writeFileSync(keyFile, JSON.stringify({ privateKey: privateKeyPem, publicKey: publicKeyPem }), { mode: 0o644 });
    await loadSigningKeys({ keyFile });
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('gives two processes starting at once the same pair', async () => {
    const keyFile = path.join(dir, 'jwt-keys.json');
    const [a, b] = await Promise.all([loadSigningKeys({ keyFile }), loadSigningKeys({ keyFile })]);
    expect(a.keys.kid).toBe(b.keys.kid);
  });

  it('uses PEM keys from the environment and never touches the key file', async () => {
    const keyFile = path.join(dir, 'jwt-keys.json');
    const { keys, source } = await loadSigningKeys({ ...pem(), keyFile });
    expect(source).toBe('environment');
    expect(keys.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(() => statSync(keyFile)).toThrow();
  });

  it('accepts a PEM written on one line with \\n escapes, as env files carry it', async () => {
    const { privateKeyPem } = pem();
    const { keys } = await loadSigningKeys({ privateKeyPem: privateKeyPem.replace(/\n/g, '\\n'), keyFile: path.join(dir, 'k') });
    expect(keys.kid).toEqual(expect.any(String));
  });

  it('refuses a public key that does not belong to the private key', async () => {
    const { privateKeyPem } = pem();
    const { publicKeyPem } = pem();
    await expect(loadSigningKeys({ privateKeyPem, publicKeyPem, keyFile: path.join(dir, 'k') })).rejects.toThrow(
      /does not match/,
    );
  });

  it('refuses a key that is not Ed25519', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(loadSigningKeys({ privateKeyPem, keyFile: path.join(dir, 'k') })).rejects.toThrow(/Ed25519/);
  });
});

describe('GET /.well-known/jwks.json', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.stop());

  it('lists the public key with its kid and pinned alg, and no private material', async () => {
    const res = await fetch(`${gw.url}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { keys: Array<Record<string, unknown>> };
    expect(body.keys).toHaveLength(1);
    const [key] = body.keys;
    expect(key).toEqual({ kty: 'OKP', crv: 'Ed25519', x: gw.keys.publicJwk.x, kid: gw.keys.kid, alg: 'EdDSA', use: 'sig' });
    expect(key).not.toHaveProperty('d');
  });
});
