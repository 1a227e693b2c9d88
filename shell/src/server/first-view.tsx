// The shell's part of a server-rendered first view (decision 076): the layout (test-mode banner,
// header, footer) around a page's first screen that its team rendered, drawn with the very
// components the app's first render then draws, so nothing moves when the app takes over. Built
// for Node (rsbuild.server.config.ts) into dist/server; the gateway that serves this build loads it.
import { renderToString } from 'react-dom/server';
import type { FirstViewLayoutRenderer } from '@pl/contracts';
import { Route, Routes } from '@pl/ui';
import { MemoryRouter } from '@pl/ui/server';
import { ShellLayout } from '../layout/shell-layout.js';
import { assumePaymentMode } from '../layout/test-mode-banner.js';

export const renderLayout: FirstViewLayoutRenderer['renderLayout'] = (request) => {
  assumePaymentMode(request.testMode);
  try {
    return renderToString(
      <MemoryRouter initialEntries={[request.location]}>
        <Routes>
          <Route element={<ShellLayout />}>
            {/* The wrapper the app's RemotePage draws around the page (app-routes.tsx). */}
            <Route path="*" element={<div className="shell-remote-page" data-remote-page={request.page} dangerouslySetInnerHTML={{ __html: request.pageMarkup }} />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
  } finally {
    assumePaymentMode(undefined);
  }
};
