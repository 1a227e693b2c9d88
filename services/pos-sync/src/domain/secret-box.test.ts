import { randomBytes } from 'node:crypto';
import { createSecretBox, SecretFields, SecretUnreadableError } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed', () => {
    const sealed = box.seal('pos_live_key-123', SecretFields.apiKey);
    expect(box.open(sealed, SecretFields.apiKey)).toBe('pos_live_key-123');
  });

  it('stores a versioned value that does not contain the secret', () => {
    const sealed = box.seal('pos_live_key-123', SecretFields.apiKey);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('pos_live_key');
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').toString('utf8')).not.toContain('pos_live_key');
  });

  it('uses a fresh IV each time, so equal secrets do not look equal', () => {
    expect(box.seal('same', SecretFields.apiKey)).not.toBe(box.seal('same', SecretFields.apiKey));
  });

  it('refuses a value sealed under another key, with a message an admin can act on', () => {
    const sealed = createSecretBox(randomBytes(32)).seal('k', SecretFields.apiKey);
    expect(() => box.open(sealed, SecretFields.apiKey)).toThrow(SecretUnreadableError);
    expect(() => box.open(sealed, SecretFields.apiKey)).toThrow('The saved POS API key cannot be decrypted with this POS_SETTINGS_KEY; save the settings again');
  });

  it('refuses a value moved to another field (the field name is authenticated)', () => {
    const sealed = box.seal('k', SecretFields.apiKey);
    expect(() => box.open(sealed, SecretFields.webhookKey)).toThrow(SecretUnreadableError);
  });

  it.each([
    ['a tampered ciphertext', (s: string) => s.slice(0, -2) + (s.endsWith('A') ? 'BB' : 'AA')],
    ['another version', (s: string) => s.replace(/^v1/, 'v9')],
    ['a cut value', (s: string) => s.split('.').slice(0, 3).join('.')],
    ['something that was never sealed', () => 'plain-api-key'],
    // GCM checks a truncated tag against the start of the real one: a 4-byte tag is 2^32 guesses to forge.
    ['a tag cut to 4 bytes', (s: string) => s.split('.').map((part, i) => (i === 2 ? Buffer.from(part, 'base64url').subarray(0, 4).toString('base64url') : part)).join('.')],
    ['an IV of another length', (s: string) => s.split('.').map((part, i) => (i === 1 ? Buffer.from(part, 'base64url').subarray(0, 8).toString('base64url') : part)).join('.')],
  ])('refuses %s', (_what, alter) => {
    expect(() => box.open(alter(box.seal('secret', SecretFields.apiKey)), SecretFields.apiKey)).toThrow(SecretUnreadableError);
  });

  it('only takes a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});
