// Statements for the catalogue's reads: named (service-kit `prepared`) unless a search's plan depends on its words.
import { prepared } from '@pl/service-kit';

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
