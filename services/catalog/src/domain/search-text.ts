import { containsPattern } from '@pl/service-kit';

/**
 * What GET /api/products searches for. A product matches when every word of the query starts a
 * word of its title, brand or description ("lapt" finds "laptop"), or when the whole query is a
 * part of its title or brand ("book" finds "MacBook"). Both only find text that contains what was
 * typed. Only when that finds nothing at all does the listing fall back to spelling closeness
 * over title and brand (`fuzzy`), so a typo ("labtop") still finds something.
 */
export interface SearchText {
  /** The query, lower-cased, spaces collapsed: the LIKE needle and the trigram probe. */
  text: string;
  /** A to_tsquery('simple') expression, every word a prefix, all required; absent when the query has no words. */
  tsquery?: string;
  /** A LIKE pattern for the whole query inside title or brand; absent for one or two characters that are words (the prefix match covers them and trigrams cannot narrow them). */
  like?: string;
  /**
   * The words of three or more characters (pg_trgm cannot narrow shorter ones): a ranked search
   * takes its candidates first among products whose title or brand contains every one of them.
   */
  titleWords: string[];
}

const MAX_WORDS = 8;
/** Below this, spelling closeness (and ranking) means nothing. */
export const FUZZY_MIN_LENGTH = 3;

/** Words are letters and digits only, so nothing the shopper types can become tsquery syntax. Undefined when the query is empty. */
export function toSearchText(q: string | undefined): SearchText | undefined {
  const text = (q ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (text.length === 0) return undefined;
  const words = (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  const tsquery = words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : undefined;
  const like = text.length >= 3 || !tsquery ? containsPattern(text) : undefined;
  return { text, tsquery, like, titleWords: words.filter((w) => w.length >= FUZZY_MIN_LENGTH) };
}
