import { createHash } from 'node:crypto';

/** Statement names by text, so a statement run again is not hashed again (its text is up to ~4 KB). */
const names = new Map<string, string>();
const NAMES_KEPT = 1000;

/**
 * A query as a named prepared statement: PostgreSQL parses and plans its text once per connection
 * (then reuses the plan) instead of on every call. The product list's SQL is planned in ~4 ms and
 * runs in ~0.5 ms, so on the catalogue's read path the planning was most of the work. The name
 * follows from the text, so each variant of a dynamically built query is its own statement.
 */
export function prepared(text: string, values: readonly unknown[]): { name: string; text: string; values: unknown[] } {
  let name = names.get(text);
  if (name === undefined) {
    name = `pl_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // Statements are built from a bounded set of shapes (filters, words per query): a few hundred at most.
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return { name, text, values: [...values] };
}

/**
 * A query planned for its values on every call (an unnamed statement): for a statement whose best
 * plan depends on the values, e.g. a search in a sort order the shopper chose (read the sort's
 * index in order, or the matches first: only the words tell which is cheap). After five calls of
 * a prepared statement PostgreSQL may keep one generic plan made without them (decision 023);
 * planning for the values costs ~2 ms.
 */
export function plannedEachTime(text: string, values: readonly unknown[]): { text: string; values: unknown[] } {
  return { text, values: [...values] };
}

/** `prepared` unless the statement holds a search, then `plannedEachTime`. */
export function statementFor(search: boolean, text: string, values: readonly unknown[]) {
  return search ? plannedEachTime(text, values) : prepared(text, values);
}
