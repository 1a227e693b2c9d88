import { useState } from 'react';
import { BrowserRouter, createQueryClient, Toaster, QueryClientProvider } from '@pl/ui';
import { AppRoutes } from './app-routes.js';
import { RealtimeBridge } from './realtime/realtime-bridge.js';

/** What the shell gives every page and remote: the router, one QueryClient, toasts, realtime. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <RealtimeBridge />
      <Toaster />
    </QueryClientProvider>
  );
}
