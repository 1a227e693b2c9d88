import { useState } from 'react';
import { useFocusAfterRender } from './use-focus-after-render.js';

/**
 * 'Retry' for a query that failed with nothing to show. A retried query is pending again, its error
 * cleared, so `retrying` lets the page keep the failure (`error`) and its button on screen until the
 * answer comes. Once it succeeds the button is gone, and focus goes to `recovered`.
 */
export function useRetry(query: { error: unknown; refetch: () => Promise<{ isError: boolean }> }, recovered: () => HTMLElement | null | undefined) {
  const focusAfterRender = useFocusAfterRender();
  const [retrying, setRetrying] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const retry = async () => {
    if (retrying) return;
    setRetrying(true);
    setFailure(query.error);
    const result = await query.refetch();
    setRetrying(false);
    if (!result.isError) focusAfterRender(recovered);
  };
  return { retry, retrying, error: query.error ?? failure };
}
