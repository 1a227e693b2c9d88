// Page cursors: the position after the last product of a page plus the updated_since filter it
// was made with, signed so that a made-up or edited cursor is refused (400) rather than guessed at.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PosError } from '../errors.js';
import type { PagePosition } from '../store/catalog-store.js';

interface CursorContent extends PagePosition {
  since: number | null;
}

export interface CursorCodec {
  encode(content: CursorContent): string;
  /** The position to continue after; 400 when the cursor is not ours or was made with another filter. */
  decode(cursor: string, since: number | null): PagePosition;
}

export function createCursorCodec(secret: Buffer = randomBytes(32)): CursorCodec {
  const sign = (payload: string): Buffer => createHmac('sha256', secret).update(payload).digest().subarray(0, 16);
  const invalid = (): PosError => new PosError('invalid_request', 'Invalid cursor: use the next_cursor of the previous page with the same updated_since');
  return {
    encode({ updatedAt, id, since }) {
      const payload = Buffer.from(JSON.stringify([updatedAt, id, since])).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    decode(cursor, since) {
      const [payload, mac, extra] = cursor.split('.');
      if (!payload || !mac || extra !== undefined) throw invalid();
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      const [updatedAt, id, boundTo] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [number, string, number | null];
      if (boundTo !== since) throw invalid();
      return { updatedAt, id };
    },
  };
}
