import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
// By package name, not relative path: the remote's shared @pl/ui singleton, not a second copy.
import { createQueryClient, Toaster } from '@pl/ui';
import '../styles.css';

export interface StandalonePage {
  path: string;
  element: ReactNode;
  /** Shown in the harness navigation; pages with route parameters usually have none. */
  label?: string;
}

/**
 * Runs one remote on its own for development (`rsbuild dev` in its folder): its pages inside the
 * same providers the shell gives (router, a QueryClient with the shop's defaults, the toaster),
 * under a bare navigation bar. The API is reached through the dev server's proxy to the gateway.
 * Fragments from other remotes show their fallback here: only the shell composes remotes.
 * Imported as `@pl/ui/standalone`, outside the shared singleton, so no shell ever loads it.
 */
export function renderStandaloneRemote({ name, pages, toolbar }: { name: string; pages: StandalonePage[]; toolbar?: ReactNode }) {
  const queryClient = createQueryClient();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <header className="pl-standalone-bar">
            <strong>{name}</strong>
            <span className="pl-muted">standalone</span>
            <nav>
              {pages
                .filter((p) => p.label)
                .map((p) => (
                  <Link key={p.path} to={p.path}>
                    {p.label}
                  </Link>
                ))}
            </nav>
            {toolbar}
          </header>
          <Routes>
            {pages.map((p) => (
              <Route key={p.path} path={p.path} element={p.element} />
            ))}
          </Routes>
        </BrowserRouter>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}
