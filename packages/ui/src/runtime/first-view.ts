import { FIRST_VIEW_ELEMENT_ID, type FirstViewAnswer } from '@pl/contracts';

/**
 * The catalogue answer a page's first HTML was rendered from (decision 076). The gateway writes it
 * beside the server-rendered markup; a page's first render reads it from there instead of asking
 * again, so what the browser draws first is what the server sent. It serves only the address the
 * page was opened at: once the shopper has moved on, every read goes to the server as before.
 */
let answers: readonly FirstViewAnswer[] | undefined;
/** Where the page was rendered for (`/products/…`, with the query string when that decides the page): the answers hold there alone. */
let openedAt: string | undefined;

/** Set by a server-side render around its (synchronous) render; cleared with undefined. */
export function provideFirstViewAnswers(next: readonly FirstViewAnswer[] | undefined, location?: string): void {
  answers = next;
  openedAt = location;
}

function pageAnswers(): readonly FirstViewAnswer[] {
  if (answers === undefined) {
    answers = [];
    if (typeof document === 'undefined') return answers;
    const element = document.getElementById(FIRST_VIEW_ELEMENT_ID);
    if (!element?.textContent) return answers;
    try {
      const written = JSON.parse(element.textContent) as { location?: unknown; answers?: unknown };
      if (typeof written.location === 'string' && Array.isArray(written.answers)) {
        answers = written.answers as FirstViewAnswer[];
        openedAt = written.location;
      }
    } catch {
      // Not what the gateway writes: the page asks for its data as usual.
    }
  }
  return answers;
}

/** The answer the page was served with for `read` (an API path), while the page is still at the address it was opened at. */
export function firstViewAnswerOf<T>(read: string): { body: T; at: number } | undefined {
  const list = pageAnswers();
  if (list.length === 0) return undefined;
  // A page rendered for a path alone (a product's) holds whatever the query string says.
  if (typeof location !== 'undefined' && location.pathname + (openedAt?.includes('?') ? location.search : '') !== openedAt) {
    // Moved on: the answers are of another page now, and stale.
    answers = [];
    return undefined;
  }
  const found = list.find((answer) => answer.read === read);
  return found && { body: found.body as T, at: found.at };
}
