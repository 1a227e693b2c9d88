import { useEffect } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { DomEvents, type DomEventDetails, type InventoryUpdatedMessage, type RemoteName } from '@pl/contracts';

/**
 * A team's share of the page's one QueryClient (decision 036). Every query key of a team starts
 * with its remote name, so what a team caches is its own: no other team reads its entries or
 * refreshes them. The shell only broadcasts signals (contracts DomEvents); each team says here
 * what those signals mean for its own queries, and the rules can reach no other team's.
 */
export interface TeamCache<Team extends RemoteName> {
  readonly team: Team;
  /** A query key of this team: `[team, ...parts]`. */
  key<const Parts extends readonly unknown[]>(...parts: Parts): readonly [Team, ...Parts];
  /** True for this team's queries. */
  owns(query: Query): boolean;
}

export function teamCache<const Team extends RemoteName>(team: Team): TeamCache<Team> {
  return {
    team,
    key: (...parts) => [team, ...parts] as const,
    owns: (query) => query.queryKey[0] === team,
  };
}

/** What the shell's signals mean for one team's queries. Every predicate is asked about that team's queries only. */
export interface FreshnessRules {
  /** Each inventory.updated as it arrives: patch what is cached at once, or mark what it touches stale. */
  onInventoryUpdated?(client: QueryClient, message: InventoryUpdatedMessage): void;
  /**
   * Queries an inventory change may leave stale in ways a message does not carry (a product
   * leaving an 'in stock only' list): refetched once a burst of changes has passed.
   */
  refetchAfterInventory?(query: Query): boolean;
  /** Queries that may have missed events while the websocket was down: refetched when it (re)connects. */
  refetchOnResync?(query: Query): boolean;
  /**
   * The shopper signed in, registered or signed out (the account team says so). By default every
   * query of the team is reset and refetched by whoever shows it (spec §4: logout clears cached data).
   */
  onSessionChanged?(client: QueryClient): void;
  /** Any other signal this team's data follows (an order moved on, one was placed). */
  on?: { [N in keyof DomEventDetails]?: (client: QueryClient, detail: DomEventDetails[N]) => void };
}

/** How long a team waits for more inventory events before refetching (a POS sync sends thousands). */
export const INVENTORY_REFRESH_DELAY_MS = 250;

const kept = new WeakMap<QueryClient, Set<string>>();

/**
 * Applies `rules` to `cache`'s queries for as long as the page lives, once per team and client:
 * a team's cached data must follow the signals even while none of its parts is on screen (data is
 * never stale by default, spec §7, so a list cached before a sale would otherwise come back as it
 * was). Returns a function that stops it (tests; a page never needs to).
 */
export function keepTeamFresh(client: QueryClient, cache: TeamCache<RemoteName>, rules: FreshnessRules): () => void {
  const teams = kept.get(client) ?? new Set<string>();
  kept.set(client, teams);
  if (teams.has(cache.team)) return () => {};

  const refetch = (predicate: ((query: Query) => boolean) | undefined) =>
    predicate ? refetchAfterFetches(client, (query) => cache.owns(query) && predicate(query)) : Promise.resolve();
  const afterInventory = coalescedRefresh(() => refetch(rules.refetchAfterInventory), INVENTORY_REFRESH_DELAY_MS);
  const listeners: { [N in keyof DomEventDetails]?: (detail: DomEventDetails[N]) => void } = {
    [DomEvents.inventoryUpdated]: (message: InventoryUpdatedMessage) => {
      rules.onInventoryUpdated?.(client, message);
      if (rules.refetchAfterInventory) afterInventory.signal();
    },
    [DomEvents.realtimeResync]: () => void refetch(rules.refetchOnResync),
    [DomEvents.sessionChanged]: () => (rules.onSessionChanged ? rules.onSessionChanged(client) : void client.resetQueries({ predicate: cache.owns })),
  };
  for (const [name, handle] of Object.entries(rules.on ?? {}) as Array<[keyof DomEventDetails, (client: QueryClient, detail: never) => void]>) {
    if (listeners[name]) throw new Error(`${cache.team}: '${name}' has its own rule`);
    (listeners as Record<string, (detail: never) => void>)[name] = (detail) => handle(client, detail);
  }
  teams.add(cache.team);
  const attached = Object.entries(listeners).map(([name, handle]) => {
    const listener = (event: Event) => (handle as (detail: unknown) => void)((event as CustomEvent).detail);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  });
  return () => {
    attached.forEach((detach) => detach());
    afterInventory.cancel();
    teams.delete(cache.team);
  };
}

/**
 * Refetches the matching queries without cancelling a fetch already under way: that may be a page
 * the shopper asked for ('Load more'), which a cancelling refetch threw away, refetching only the
 * pages loaded before it (the click was lost; seen in e2e/catalog/catalog.e2e.ts when the socket's first
 * connect came late). A query that was fetching is refetched once its fetch has ended, with every
 * page it then has, so the signal is still followed by an answer that started after it.
 */
export async function refetchAfterFetches(client: QueryClient, predicate: (query: Query) => boolean): Promise<void> {
  const busy = client.getQueryCache().findAll({ predicate: (query) => predicate(query) && query.state.fetchStatus === 'fetching' });
  await client.invalidateQueries({ predicate }, { cancelRefetch: false });
  if (busy.length > 0) await client.refetchQueries({ predicate: (query) => busy.includes(query) }, { cancelRefetch: false });
}

/** keepTeamFresh with the page's QueryClient: call it from the team's parts (it acts once per page). */
export function useTeamFreshness(cache: TeamCache<RemoteName>, rules: FreshnessRules): void {
  const client = useQueryClient();
  useEffect(() => {
    keepTeamFresh(client, cache, rules);
    // Page-lived on purpose: nothing to undo when a part unmounts.
  }, [client, cache, rules]);
}

/**
 * Runs `refresh` after a burst of signals instead of once per signal: the first signal schedules a
 * run `delayMs` later; signals while a run is waiting or going only mark it dirty, and a dirty run
 * is followed by one more. So a POS sync announcing thousands of stock changes costs a handful of
 * refetches, never one refetch per change or a refetch cancelled by the next one, and the last
 * signal is always followed by a run that started after it.
 */
export function coalescedRefresh(refresh: () => Promise<unknown>, delayMs: number) {
  let scheduled = false;
  let running = false;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    timer = undefined;
    scheduled = false;
    running = true;
    dirty = false;
    try {
      await refresh();
    } catch {
      // A failed refetch is the query's own error state; the next signal tries again.
    } finally {
      running = false;
    }
    if (dirty) schedule();
  };

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    timer = setTimeout(() => void run(), delayMs);
  }

  return {
    signal() {
      if (running) dirty = true;
      else schedule();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      scheduled = false;
      dirty = false;
    },
  };
}
