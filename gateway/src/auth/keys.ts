// The gateway's Ed25519 signing key pair. Production takes both halves from the environment
// (a secret store: the configuration refuses to start without them, decision 042); local
// development generates a pair once and keeps it in a 0600 file so sessions survive restarts and
// every gateway process on the machine signs with the same key.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import { Jwt } from '@pl/contracts';

export interface SigningKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** RFC 7638 thumbprint of the public key: stable across restarts, changes when the key rotates. */
  kid: string;
  /** The public key as served in the JWKS (never any private member). */
  publicJwk: JWK;
}

export type KeySource = 'environment' | 'file' | 'generated';

export interface LoadKeysOptions {
  privateKeyPem?: string;
  publicKeyPem?: string;
  /** Where a development key pair is kept. */
  keyFile: string;
}

export class KeyConfigError extends Error {
  override name = 'KeyConfigError';
}

interface KeyFile {
  privateKey: string;
  publicKey: string;
}

/** Loads the signing key pair from the environment, else from (or generated into) the development key file. */
export async function loadSigningKeys(options: LoadKeysOptions): Promise<{ keys: SigningKeys; source: KeySource }> {
  if (options.privateKeyPem || options.publicKeyPem) {
    if (!options.privateKeyPem) throw new KeyConfigError('JWT_PUBLIC_KEY is set but JWT_PRIVATE_KEY is not');
    return { keys: await keysFromPem(options.privateKeyPem, options.publicKeyPem), source: 'environment' };
  }
  const existing = await readKeyFile(options.keyFile);
  if (existing) return { keys: await keysFromPem(existing.privateKey, existing.publicKey), source: 'file' };

  const generated = generateKeyPairSync('ed25519');
  const file: KeyFile = {
    privateKey: generated.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: generated.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  await mkdir(path.dirname(options.keyFile), { recursive: true, mode: 0o700 });
  try {
    // 'wx': when two processes start at once, the first write wins and the other reads that pair.
    await writeFile(options.keyFile, JSON.stringify(file, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const winner = await readKeyFile(options.keyFile);
    if (!winner) throw err;
    return { keys: await keysFromPem(winner.privateKey, winner.publicKey), source: 'file' };
  }
  return { keys: await keysFromPem(file.privateKey, file.publicKey), source: 'generated' };
}

async function readKeyFile(file: string): Promise<KeyFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  // A private key readable by other users is a leak waiting to happen: tighten it.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  let parsed: Partial<KeyFile>;
  try {
    parsed = JSON.parse(text) as Partial<KeyFile>;
  } catch {
    throw new KeyConfigError(`${file} is not valid JSON; delete it to generate a new key pair`);
  }
  if (typeof parsed.privateKey !== 'string' || typeof parsed.publicKey !== 'string') {
    throw new KeyConfigError(`${file} must hold { privateKey, publicKey } PEM strings`);
  }
  return { privateKey: parsed.privateKey, publicKey: parsed.publicKey };
}

/** Env files often carry PEMs on one line with literal "\n" escapes. */
const unescapePem = (pem: string) => pem.replace(/\\n/g, '\n').trim() + '\n';

async function keysFromPem(privatePem: string, publicPem?: string): Promise<SigningKeys> {
  let privateKey: KeyObject;
  let publicKey: KeyObject;
  try {
    privateKey = createPrivateKey(unescapePem(privatePem));
  } catch {
    throw new KeyConfigError('JWT private key is not a valid PKCS#8 PEM');
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new KeyConfigError(`JWT private key must be Ed25519 (alg ${Jwt.alg}), got ${privateKey.asymmetricKeyType}`);
  }
  const derived = createPublicKey(privateKey);
  if (publicPem) {
    try {
      publicKey = createPublicKey(unescapePem(publicPem));
    } catch {
      throw new KeyConfigError('JWT public key is not a valid SPKI PEM');
    }
    if (!publicKey.equals(derived)) throw new KeyConfigError('JWT public key does not match the private key');
  } else {
    publicKey = derived;
  }
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, kid, publicJwk: { ...jwk, kid, alg: Jwt.alg, use: 'sig' } };
}
