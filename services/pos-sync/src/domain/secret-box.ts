// Secrets at rest (the POS API key, the webhook signature key): AES-256-GCM under POS_SETTINGS_KEY,
// a fresh random 12-byte IV per value, and the field's name as associated data, so a sealed value
// copied into another column does not open there. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url);
// the version leaves room for another algorithm or key later.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A secret column: its associated data, and how an admin-facing message names it. */
export interface SecretField {
  aad: string;
  label: string;
}

export const SecretFields = {
  apiKey: { aad: 'pos_settings.api_key', label: 'POS API key' },
  webhookKey: { aad: 'pos_settings.webhook_key', label: 'POS webhook key' },
} as const satisfies Record<string, SecretField>;

/** A sealed value that does not open: another POS_SETTINGS_KEY, or a damaged value. The message is for the admin. */
export class SecretUnreadableError extends Error {
  constructor(field: SecretField) {
    super(`The saved ${field.label} cannot be decrypted with this POS_SETTINGS_KEY; save the settings again`);
    this.name = 'SecretUnreadableError';
  }
}

export interface SecretBox {
  seal(plain: string, field: SecretField): string;
  /** Throws SecretUnreadableError when the value was sealed under another key or was altered. */
  open(sealed: string, field: SecretField): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The POS settings key must be 32 bytes');
  return {
    seal(plain, field) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(field.aad, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed, field) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) throw new SecretUnreadableError(field);
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      // Only what seal makes: a 12-byte IV and a full 16-byte tag (GCM would accept a shorter one).
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretUnreadableError(field);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(field.aad, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadableError(field);
      }
    },
  };
}
