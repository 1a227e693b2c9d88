import { DomEvents } from '@pl/contracts';
import { emitDomEvent, type QueryClient } from '@pl/ui';
import { currentUserQueryKey } from '../team-cache.js';

/**
 * Spec §4: sign-in and registration refresh the current user. Awaited before the caller moves on,
 * so /account does not see the stale "guest" answer and bounce the new customer to /.
 */
export async function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  // A first fetch still in flight may have been answered before the change we are reacting to;
  // invalidating alone would join it (react-query reuses an in-flight fetch of a query with no
  // data yet) and keep its stale answer. Cancel it, then fetch afresh.
  await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
  await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}

/**
 * Spec §4: a sign-in, a registration or a logout. Every team is told (`shop:session-changed`) and
 * drops what it cached for the previous shopper (this team too: shared/team-cache.ts), the shell
 * reopens its websocket as the new one, and the current user is fetched afresh (kept, not emptied,
 * meanwhile: an account page still on screen while the way home renders must not take an empty
 * user for a guest who needs the Sign In dialog). Resolves once the current user is known.
 */
export async function sessionChanged(queryClient: QueryClient, signedIn: boolean): Promise<void> {
  emitDomEvent(DomEvents.sessionChanged, { signedIn });
  await refreshCurrentUser(queryClient);
}
