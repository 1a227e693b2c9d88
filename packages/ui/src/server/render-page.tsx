// A remote page rendered to HTML in Node, for a team's first-view renderer (decision 076). Build
// time and server only: never imported by code that reaches a browser. The page renders as the
// shell would show it (the shell's query defaults, a router at the page's address) from the
// answers the gateway read for it, which the page's own queries take (firstViewAnswerOf); its
// effects, remote slots' contents and live updates start in the browser.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RemotePages, type FirstViewRequest } from '@pl/contracts';
import { createQueryClient } from '../runtime/api-client.js';
import { provideFirstViewAnswers } from '../runtime/first-view.js';

/** The router a render on the server puts a page at its address with (the browser's is BrowserRouter). */
export { MemoryRouter };

/** `element` (the page's component) as HTML for `request`, or null when the page has no route. */
export function renderPageToString(request: FirstViewRequest, element: ReactElement): string | null {
  const path = RemotePages.find((p) => p.id === request.page)?.path;
  if (!path) return null;
  // The render is synchronous: the answers are the page's for exactly its duration.
  provideFirstViewAnswers(request.answers, request.location);
  try {
    return withoutResourceHints(renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[request.location]}>
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ));
  } finally {
    provideFirstViewAnswers(undefined);
  }
}

/**
 * React puts hints for the resources it renders (a preload of a high-priority image) before the
 * markup, meant for a document's head. The page's lead image is named in its answer's Link header
 * already (gateway lead-image.ts); in the page's main element they would be elements the browser's
 * render does not have.
 */
function withoutResourceHints(html: string): string {
  return html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '');
}
