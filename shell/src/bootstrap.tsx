import { FIRST_VIEW_ELEMENT_ID, remotePageOf } from '@pl/contracts';
import { preloadRemote } from '@pl/ui';
import { carryOverFirstScreen } from './first-screen-carry-over.js';
import { startFederationHost } from './federation/federation-host.js';
import { paymentsInTestMode } from './layout/test-mode-banner.js';
import '@pl/ui/styles.css';
import './styles/shell.css';

/**
 * How long the first render waits for the module of the page being opened. Its files were
 * preloaded by the page's head, so it is normally here within a few milliseconds of this code; a
 * remote that is slow or down gets its skeleton (and later its fallback) after this at the latest.
 */
const PAGE_MODULE_WAIT_MS = 1000;
/** How long a page of the shell's own waits for the (preloaded) payment mode before its first render. */
const PAYMENT_MODE_WAIT_MS = 300;

// The header, footer and the shell's own pages never wait for (or break on) a remote: only the
// page's own module is waited for, briefly, so that its first render shows the page rather than a
// skeleton that React would then keep on screen for 300 ms more (its Suspense reveal throttle).
startFederationHost();
const container = document.getElementById('root')!;
// A first screen rendered on the server keeps what the shopper typed there when the app replaces it.
carryOverFirstScreen(container);
const page = remotePageOf(location.pathname);
// The page's module is asked for at once: its files download while the app's own code is evaluated.
const pageModule = page ? preloadRemote(page) : undefined;
// The payment mode (the test-mode banner, decision 042) comes preloaded with the page: waited for
// with the page's module, or alone on the shell's own pages, briefly, so the banner does not push
// the page down after the first paint.
const paymentMode = paymentsInTestMode();
const app = startApp();
const render = () => void app.then((show) => show());
const atMost = (ms: number, what: Promise<unknown>) => Promise.race([what, new Promise((resolve) => setTimeout(resolve, ms))]);
// A page whose first screen came from the server waits for its module whatever it takes (a load
// that fails settles too): rendering sooner would replace the server's page with a skeleton.
const servedFirstScreen = document.getElementById(FIRST_VIEW_ELEMENT_ID) !== null;
if (pageModule && servedFirstScreen) void Promise.all([pageModule, atMost(PAYMENT_MODE_WAIT_MS, paymentMode)]).then(render);
else if (pageModule) void atMost(PAGE_MODULE_WAIT_MS, Promise.all([pageModule, paymentMode])).then(render);
else void atMost(PAYMENT_MODE_WAIT_MS, paymentMode).then(render);

/**
 * The app's code, evaluated in three tasks of the browser's rather than one: React's DOM renderer,
 * then the app (router, queries, layout). Evaluated at once, after the federation runtime, they
 * held a phone's main thread for one long task (35-45 ms here, twice that at Lighthouse's mobile
 * CPU) while the server's page was already on screen and taking input. Resolves to the first render.
 */
async function startApp(): Promise<() => void> {
  await nextTask();
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const [{ startTransition }, { App }] = await Promise.all([import('react'), import(/* webpackMode: "eager" */ './app.js')]);
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (a phone's first view would otherwise block input
  // for a second or more).
  return () => startTransition(() => root.render(<App />));
}

/** Lets the browser run what is waiting (input, a frame) before going on. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
