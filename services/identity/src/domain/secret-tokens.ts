import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: the ids of sessions and the tokens in reset and verification links. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a link token: its SHA-256, so a leaked table opens no account. */
export const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();
