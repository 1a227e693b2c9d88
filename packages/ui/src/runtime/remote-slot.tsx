import {
  Component,
  createContext,
  lazy,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { NoProps, RemoteModuleId, RemotePropsOf } from '@pl/contracts';
import { Button } from '../components/button.js';
import { cx } from '../components/class-names.js';

/**
 * Where a page shows a module from another team's remote ("mf_catalog/HomePage"). The shell
 * provides the loader (the Module Federation runtime, configured at page load); remotes use the
 * same slot for cross-team fragments, e.g. the catalog's card showing the cart's AddToCartButton.
 *
 * A remote that is down or throws never takes the page with it: each slot has its own Suspense
 * and error boundary and shows RemoteUnavailable with a Retry that really loads again.
 */
/**
 * The component of the exposed module `Id`, taking the props its team declared (contracts
 * remotes/<team>.ts). Each remote's exposes file ends `export default X satisfies
 * RemoteComponent<'<id>'>`, so the exposing side is held to its declaration as the slots are.
 */
export type RemoteComponent<Id extends RemoteModuleId = RemoteModuleId> = ComponentType<RemotePropsOf<Id>>;
// At run time a loaded module is whatever the remote's entry gave: its props were checked at build time.
type LoadedComponent = ComponentType<object>;
export interface RemoteModule {
  default: LoadedComponent;
}

export interface RemoteHost {
  /** Loads an exposed module by its id, "<remote name>/<exposed name>". */
  load(id: string): Promise<RemoteModule | null | undefined>;
  /**
   * Called before a retry: when the remote's last load failed, forget it so the next attempt
   * fetches its manifest and entry again (a remote that loaded and then threw is left alone).
   * Resolves to any further remotes whose slots should retry too.
   */
  reset(remoteName: string): Promise<string[] | void>;
}

export const REMOTE_UNAVAILABLE_MESSAGE = 'This part of the shop is temporarily unavailable.';

let host: RemoteHost | undefined;

/** Called once by the shell (or a remote running alone) before rendering. */
export function provideRemoteHost(next: RemoteHost): void {
  host = next;
}

export function remoteNameOf(id: string): string {
  return id.split('/')[0] ?? id;
}

// Each retry of a remote bumps its generation; slots subscribed to it remount with a fresh lazy
// component, because React.lazy remembers a rejected load forever.
const generations = new Map<string, number>();
const listeners = new Set<() => void>();
const lazies = new Map<string, LoadedComponent | LazyExoticComponent<LoadedComponent>>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function bump(remoteName: string) {
  generations.set(remoteName, (generations.get(remoteName) ?? 0) + 1);
  for (const modules of [lazies, loads, loaded]) for (const key of modules.keys()) if (remoteNameOf(key) === remoteName) modules.delete(key);
  listeners.forEach((l) => l());
}

/** Tries a remote again: the host forgets a failed load, then every slot of that remote remounts. */
export async function retryRemote(remoteName: string): Promise<void> {
  const names = new Set([remoteName]);
  if (host) {
    try {
      for (const name of (await host.reset(remoteName)) ?? []) names.add(name);
    } catch (error) {
      console.error(`[remote-slot] resetting ${remoteName} failed`, error);
    }
  }
  names.forEach(bump);
}

// A module's load, started by a slot or ahead of it (preloadRemote), and the module once it is here.
const loads = new Map<string, Promise<RemoteModule>>();
const loaded = new Map<string, RemoteModule>();

function loadModule(id: string): Promise<RemoteModule> {
  let load = loads.get(id);
  if (!load) {
    const started = (async () => {
      if (!host) throw new Error(`No remote host is configured to load ${id}`);
      const mod = await host.load(id);
      if (!mod || (typeof mod.default !== 'function' && typeof mod.default !== 'object')) {
        throw new Error(`${id} did not export a component`);
      }
      return mod as RemoteModule;
    })();
    loads.set(id, started);
    // Kept unless a retry has since forgotten this load.
    started.then((mod) => loads.get(id) === started && loaded.set(id, mod), () => undefined);
    load = started;
  }
  return load;
}

/**
 * Starts loading a remote module before any slot shows it, and resolves once it has loaded or
 * failed (never rejects: the slot that shows it reports a failure). A slot mounted after the load
 * finished renders the module at once. Without it, React shows the slot's fallback for that first
 * render and then holds the content back until 300 ms after the fallback appeared (its throttle on
 * revealing Suspense content), though the module arrived a few milliseconds later.
 */
export function preloadRemote(id: RemoteModuleId): Promise<void> {
  if (!host) return Promise.resolve();
  return loadModule(id).then(
    () => undefined,
    () => undefined,
  );
}

// One component per module for every slot showing it: the module itself when it had loaded before
// the first slot asked, else a lazy one (React.lazy suspends on its first render, whatever its promise).
function componentOf(id: string): LoadedComponent {
  let component = lazies.get(id);
  if (!component) {
    const mod = loaded.get(id);
    component = mod ? mod.default : lazy(() => loadModule(id));
    lazies.set(id, component);
  }
  return component;
}

// The page first. A layout's parts (the header's cart and account, the footer, the cart panel)
// wait until the page's own first view has been shown, so on a slow phone the page's content is
// not queued behind the JavaScript of every team that has a part around it. The page's slot says
// when (`page`), or the shell for a page of its own (markFirstViewShown); then, once the browser is
// idle or after IDLE_TIMEOUT_MS, the waiting parts load. MAX_WAIT_MS bounds the wait whatever
// happens (a page that never arrives must not take the header with it).
const IDLE_TIMEOUT_MS = 500;
const MAX_WAIT_MS = 3000;
let firstViewShown = false;
let firstViewScheduled = false;
let firstViewDeadline: ReturnType<typeof setTimeout> | undefined;
const firstViewListeners = new Set<() => void>();

function showWaitingParts() {
  if (firstViewShown) return;
  firstViewShown = true;
  if (firstViewDeadline) clearTimeout(firstViewDeadline);
  firstViewListeners.forEach((l) => l());
}

/** The page's first view is on screen: the layout's waiting parts may load now (idempotent). */
export function markFirstViewShown(): void {
  if (firstViewScheduled) return;
  firstViewScheduled = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(showWaitingParts, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(showWaitingParts, 0);
}

function subscribeFirstView(listener: () => void) {
  firstViewListeners.add(listener);
  firstViewDeadline ??= setTimeout(showWaitingParts, MAX_WAIT_MS);
  return () => firstViewListeners.delete(listener);
}

/** Marks the first view shown once what it sits beside has committed (the page's content, or its fallback). */
function FirstViewMark() {
  useEffect(markFirstViewShown, []);
  return null;
}

interface SlotInfo {
  id: string;
  compact: boolean;
  hideWhenUnavailable: boolean;
  label?: string;
}
const SlotContext = createContext<SlotInfo | null>(null);

/**
 * The props of module `Id`, as its team declared them: required when it takes any, not allowed
 * when it takes none. A slot built against an old contract fails its typecheck.
 */
type PropsFor<Id extends RemoteModuleId> = RemotePropsOf<Id> extends NoProps ? { props?: undefined } : { props: RemotePropsOf<Id> };

export type RemoteSlotProps<Id extends RemoteModuleId = RemoteModuleId> = SlotOptions & { /** "<remote name>/<exposed name>", e.g. "mf_cart_checkout/CartButton". */ id: Id } & PropsFor<Id>;

interface SlotOptions {
  /** Shown while the remote loads (defaults to nothing for compact slots, a skeleton block otherwise). */
  loading?: ReactNode;
  /** A small inline fallback for header and card fragments. */
  compact?: boolean;
  /**
   * Render nothing when the remote is unavailable: for parts that are invisible until asked
   * for (the cart side panel), whose unavailability another slot already shows.
   */
  hideWhenUnavailable?: boolean;
  /**
   * What this part is, for a fallback that must say which part failed where there is no room to
   * show it ("the cart": 'The cart is temporarily unavailable', a Retry named 'Retry loading the cart').
   */
  label?: string;
  /** This slot is the page's content: the first view is shown once it has loaded (or failed). */
  page?: boolean;
  /** A part around the page: it loads once the page's first view is shown, its `loading` meanwhile. */
  afterFirstView?: boolean;
  /**
   * A part below the fold (the footer's): it loads once its place comes near the viewport, not with
   * the first view, whose JavaScript and main thread it would share for something not yet seen.
   */
  whenVisible?: boolean;
}

export function RemoteSlot<Id extends RemoteModuleId>(slot: RemoteSlotProps<Id>) {
  const { id, loading, compact = false, hideWhenUnavailable = false, label, page = false, afterFirstView = false, whenVisible = false } = slot;
  const props: object | undefined = slot.props;
  const remoteName = remoteNameOf(id);
  const generation = useSyncExternalStore(
    subscribe,
    () => generations.get(remoteName) ?? 0,
    () => 0,
  );
  const waited = useAfterFirstView(afterFirstView);
  const [near, placeRef] = useNearViewport(whenVisible);
  const fallback = loading ?? (compact ? null : <div className="pl-skeleton" style={{ height: '12rem' }} aria-hidden="true" />);
  // Its place: a block the viewport can be measured against (a part below the fold is a block of the page).
  if (!near) return <div ref={placeRef} className="pl-slot-place">{fallback}</div>;
  if (!waited) return <>{fallback}</>;
  const Loaded = componentOf(id);
  return (
    <SlotContext.Provider value={{ id, compact, hideWhenUnavailable, label }}>
      <RemoteErrorBoundary key={generation} id={id} compact={compact} onFailed={page ? markFirstViewShown : undefined}>
        <Suspense fallback={fallback}>
          <Loaded {...props} />
          {page && <FirstViewMark />}
        </Suspense>
      </RemoteErrorBoundary>
    </SlotContext.Provider>
  );
}

/**
 * False while a part around the page waits for the page's first view. The parts then render as a
 * transition, which React works through in slices between frames: all of them at once, as one
 * synchronous update, held a phone's main thread for 40-50 ms here (~200 ms at Lighthouse's 4x CPU).
 */
function useAfterFirstView(afterFirstView: boolean): boolean {
  const [waited, setWaited] = useState(() => !afterFirstView || firstViewShown);
  useEffect(() => {
    if (waited) return;
    const show = () => startTransition(() => setWaited(true));
    const unsubscribe = subscribeFirstView(show);
    // Shown between the first render and this subscription: nothing would tell us.
    if (firstViewShown) show();
    return () => void unsubscribe();
  }, [waited]);
  return waited;
}

/** How near the viewport a `whenVisible` part's place must come for it to load: about a screen's worth below. */
const NEAR_VIEWPORT_MARGIN = '600px';

/**
 * True once the element given to the returned ref has come within NEAR_VIEWPORT_MARGIN of the
 * viewport (at once when not asked for, or where there is no IntersectionObserver).
 *
 * The element is held in a ref object, not in state through a callback ref: a state update from a
 * ref runs during React's commit, which makes it synchronous, and React then ran every pending
 * effect of the page and rendered again inside the commit's task (the first view's longest task).
 */
function useNearViewport(asked: boolean): [boolean, RefObject<HTMLDivElement | null>] {
  const [near, setNear] = useState(() => !asked);
  const place = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (near || !place.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
    }, { rootMargin: NEAR_VIEWPORT_MARGIN });
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near]);
  return [near, place];
}

export interface RemoteUnavailableProps {
  /** The slot's module id; read from the surrounding slot when omitted. */
  id?: string;
  compact?: boolean;
}

/** The friendly fallback for a part of the page whose remote is down or broken. */
export function RemoteUnavailable({ id, compact }: RemoteUnavailableProps) {
  const slot = useContext(SlotContext);
  const moduleId = id ?? slot?.id ?? 'unknown';
  const isCompact = compact ?? slot?.compact ?? false;
  const remoteName = remoteNameOf(moduleId);
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void retryRemote(remoteName).finally(() => setRetrying(false));
  };
  if (slot?.hideWhenUnavailable) return null;
  const label = slot?.label;
  const compactMessage = label ? `${label.charAt(0).toUpperCase()}${label.slice(1)} is temporarily unavailable` : 'Temporarily unavailable';
  return (
    <div
      className={cx('pl-unavailable', isCompact && 'pl-unavailable--compact')}
      role="status"
      data-remote-unavailable={remoteName}
      title={isCompact ? (label ? `${compactMessage}.` : REMOTE_UNAVAILABLE_MESSAGE) : undefined}
    >
      <p className="pl-unavailable__message">{isCompact ? compactMessage : REMOTE_UNAVAILABLE_MESSAGE}</p>
      <Button variant="outline" size="sm" onClick={retry} disabled={retrying} aria-label={label && !retrying ? `Retry loading ${label}` : undefined}>
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

class RemoteErrorBoundary extends Component<
  { id: string; compact: boolean; onFailed?: () => void; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[remote-slot] ${this.props.id} failed`, error, info.componentStack);
    this.props.onFailed?.();
  }

  override render() {
    if (this.state.error) return <RemoteUnavailable compact={this.props.compact} />;
    return this.props.children;
  }
}
