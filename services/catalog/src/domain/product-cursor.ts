import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ErrorCodes, ProductSorts, type ProductSort } from '@pl/contracts';
import { badRequest } from '@pl/service-kit';

/** The orders of GET /api/products: the contract's sorts, plus relevance for a search without a chosen sort. */
export type ListOrder = ProductSort | 'relevance';

/**
 * Keyset position: the last row's sort key and id. `newest` keys are ISO timestamps with
 * microseconds (PostgreSQL's precision, which a JS Date would lose); prices and discounts are
 * integers; `title` is the lower-cased title; relevance is the float rank.
 */
export interface CursorPosition {
  key: string | number;
  id: string;
}

const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/**
 * Text PostgreSQL can hold: no NUL, no unpaired surrogate. A title key with one is no stored title's,
 * and would fail the query (a 500): the edge guard never sees inside a cursor (decision 043).
 */
const STORABLE_TEXT = /^[^\u0000\uD800-\uDFFF]*$/u;
const KeyByOrder: Record<ListOrder, z.ZodType<string | number>> = {
  newest: z.string().regex(TIMESTAMP_KEY),
  price_asc: z.number().int().min(-1).max(2147483647),
  price_desc: z.number().int().min(-1).max(2147483647),
  discount: z.number().int().min(0).max(100),
  title: z.string().max(300).regex(STORABLE_TEXT),
  relevance: z.number().finite(),
};
const CursorJson = z.strictObject({
  v: z.literal(1),
  o: z.enum([...ProductSorts, 'relevance']),
  f: z.string(),
  k: z.union([z.string(), z.number()]),
  i: z.guid(),
  z: z.literal(true).optional(),
});

/** Which listing a cursor continues: its order, its filters' fingerprint, and whether the search fell back to fuzzy matching. */
export interface CursorListing {
  order: ListOrder;
  fingerprint: string;
  fuzzy: boolean;
}

/** A short digest of the filters: a cursor only continues the listing it came from. */
export function filterFingerprint(filters: unknown): string {
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 12);
}

export function encodeCursor(listing: CursorListing, position: CursorPosition): string {
  const json = { v: 1, o: listing.order, f: listing.fingerprint, k: position.key, i: position.id, ...(listing.fuzzy ? { z: true } : {}) };
  return Buffer.from(JSON.stringify(json)).toString('base64url');
}

const invalidCursor = () => badRequest('cursor: invalid cursor, start again from the first page', ErrorCodes.validation);

/** Where a cursor continues; 400 for anything that is not a cursor of this very listing. */
export function decodeCursor(raw: string, listing: Omit<CursorListing, 'fuzzy'>): { position: CursorPosition; fuzzy: boolean } {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalidCursor();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = CursorJson.safeParse(json);
  if (!parsed.success || parsed.data.o !== listing.order || parsed.data.f !== listing.fingerprint) throw invalidCursor();
  const key = KeyByOrder[listing.order].safeParse(parsed.data.k);
  if (!key.success) throw invalidCursor();
  return { position: { key: key.data, id: parsed.data.i }, fuzzy: parsed.data.z === true };
}
