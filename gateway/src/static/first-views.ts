// The first screen of a server-rendered page (decision 076). The team whose page it is publishes a
// renderer for Node beside its remote's manifest (contracts FIRST_VIEW_RENDERER_FILE); the gateway
// fetches it from there (a remote that moved or was deployed anew is picked up at the next
// refresh, as its manifest is). The shell's build has one for the layout around the page (its
// header and footer, the test-mode banner), read from the shell's dist the gateway serves.
//
// The renderers run in a worker thread of their own, never in the gateway's: their code comes from
// the remotes' hosts, so it gets no share of the gateway's memory (its signing key, the internal
// token) nor its environment (the worker's is empty), and a slow render does not hold the gateway's
// event loop. Each module is written under a name made of its content and imported from there,
// never evaluated from a string. A page waits RENDER_TIMEOUT_MS at most for its render, and is
// served without it (the browser draws it) when a renderer is missing, throws or is late.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FIRST_VIEW_RENDERER_FILE, ServerRenderedPages, type FirstViewAnswer, type FirstViewLayoutRenderer, type FirstViewRenderer, type RemotePageId, type RemotesConfig } from '@pl/contracts';
import type { Logger } from '@pl/service-kit';

const REFRESH_MS = 60_000;
const FETCH_TIMEOUT_MS = 5_000;
const RENDER_TIMEOUT_MS = 1_000;
const RESTART_DELAY_MS = 5_000;
/** The worker's heap: renderers and a page's answers are small; a runaway one is stopped, not the gateway. */
const WORKER_HEAP_MB = 128;
/** The shell's renderer's name among the loaded ones (a remote's name is its own). */
const SHELL = 'shell';

export interface FirstViews {
  /** Whether `page` is rendered on the server: it is one of ServerRenderedPages, and its renderer and the shell's are loaded. */
  renders(page: RemotePageId | undefined): page is RemotePageId;
  /**
   * The inside of #root for `page` opened at `location`, rendered from `answers`: the shell's layout
   * with the page's first screen; null when a renderer is not loaded, renders nothing, throws or is late.
   */
  render(page: RemotePageId, location: string, answers: readonly FirstViewAnswer[]): Promise<string | null>;
  /** The origin of the remote whose page `page` is: its stylesheets are the page's (beside the shell's own). */
  originOf(page: RemotePageId): string | undefined;
  /** Settles once every renderer has been asked for once (tests). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * The worker: imports renderer modules by file URL and renders with them. CommonJS source run with
 * `eval`, so it needs no file of its own beside the gateway's build.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const loaded = new Map();
parentPort.on('message', async (m) => {
  try {
    if (m.kind === 'load') {
      const mod = await import(m.url);
      if (typeof mod[m.exportName] !== 'function') throw new Error('it exports no ' + m.exportName);
      loaded.set(m.name, mod);
      parentPort.postMessage({ id: m.id, result: true });
    } else {
      const remote = loaded.get(m.remote);
      const shell = loaded.get('${SHELL}');
      if (!remote || !shell) return parentPort.postMessage({ id: m.id, result: null });
      const pageMarkup = remote.renderFirstView({ page: m.page, location: m.location, answers: m.answers });
      const html = pageMarkup === null ? null : shell.renderLayout({ location: m.location, page: m.page, pageMarkup, testMode: m.testMode });
      parentPort.postMessage({ id: m.id, result: html });
    }
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String(err && err.stack || err) });
  }
});`;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

export function createFirstViews(options: {
  remotes: RemotesConfig['remotes'];
  /** The shell's build (its layout renderer is read from there, and again when it is rebuilt). */
  shellDist: string;
  /** Whether payments are in test mode (payment-mode.ts). */
  testMode: () => boolean | undefined;
  logger: Logger;
  /** Where renderers are written to be imported (default: a directory of the OS's temporary one). */
  dir?: string;
  refreshMs?: number;
  /**
   * Production: a remote's renderer is fetched over https only (or from this host), never run from
   * a plain-http address anyone on the way could answer; its pages are then rendered by the browser.
   */
  httpsOnly?: boolean;
  /** How long after the worker stopped its renderers are loaded again (default RESTART_DELAY_MS). */
  restartDelayMs?: number;
}): FirstViews {
  const log = options.logger.child({ component: 'first-views' });
  const dir = options.dir ?? path.join(tmpdir(), `pl-gateway-first-views-${process.pid}`);
  const owners = new Set(ServerRenderedPages.map((page) => page.split('/')[0]!));
  const sources = options.remotes.filter((r) => owners.has(r.name)).map((r) => ({ name: r.name, url: new URL(FIRST_VIEW_RENDERER_FILE, r.entry).href }));
  // The shell's layout renderer (shell/src/server/first-view.tsx) is where a remote's would be in its build.
  const shellFile = path.join(path.resolve(options.shellDist), FIRST_VIEW_RENDERER_FILE);

  // The worker, started again if it dies (a renderer that ran out of memory); its renderers then load again.
  let worker: Worker | undefined;
  let closed = false;
  const pending = new Map<number, Pending>();
  let nextId = 0;
  /** The digest of the module each renderer runs now. */
  const versions = new Map<string, string>();
  const startWorker = (): Worker => {
    const started = new Worker(WORKER_SOURCE, { eval: true, env: {}, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    started.unref();
    started.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const call = pending.get(m.id);
      pending.delete(m.id);
      if (m.error !== undefined) call?.reject(new Error(m.error));
      else call?.resolve(m.result);
    });
    started.on('error', (err) => log.error({ err: String(err) }, 'the first-view worker failed'));
    started.on('exit', (code) => {
      for (const call of pending.values()) call.reject(new Error(`the first-view worker stopped (${code})`));
      pending.clear();
      versions.clear();
      if (worker === started) worker = undefined;
      // Loaded again a little later, not at once: a renderer that stops its worker as it loads would otherwise spin.
      if (!closed) setTimeout(() => void loadAll(), options.restartDelayMs ?? RESTART_DELAY_MS).unref();
    });
    return started;
  };
  const call = (message: Record<string, unknown>, timeoutMs = FETCH_TIMEOUT_MS): Promise<unknown> => {
    worker ??= startWorker();
    const id = nextId++;
    const target = worker;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      target.postMessage({ ...message, id });
    });
  };

  /** Has the worker import `code` as renderer `name` (once per version of it). */
  async function install(name: string, code: Buffer, exportName: string): Promise<boolean> {
    const digest = createHash('sha256').update(code).digest('hex');
    if (versions.get(name) === digest) return false;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Named by content: a module is imported once per version, and a version never changes under its name.
    const file = path.join(dir, `${name}-${digest.slice(0, 16)}.mjs`);
    writeFileSync(file, code, { mode: 0o600 });
    await call({ kind: 'load', name, url: pathToFileURL(file).href, exportName });
    versions.set(name, digest);
    log.info({ renderer: name, version: digest.slice(0, 12) }, 'first-view renderer loaded');
    return true;
  }

  const etags = new Map<string, string>();
  async function loadRemote(source: { name: string; url: string }): Promise<void> {
    if (options.httpsOnly && !fetchedSafely(source.url)) throw new Error('not https: a renderer runs code, so production fetches it over https (or from this host) only');
    const etag = versions.has(source.name) ? etags.get(source.name) : undefined;
    const res = await fetch(source.url, { headers: etag ? { 'if-none-match': etag } : {}, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (res.status === 304) return;
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
    await install(source.name, Buffer.from(await res.arrayBuffer()), 'renderFirstView' satisfies keyof FirstViewRenderer);
    const next = res.headers.get('etag');
    if (next) etags.set(source.name, next);
    else etags.delete(source.name);
  }

  const loadAll = (): Promise<void> =>
    Promise.all([
      ...sources.map((source) =>
        loadRemote(source).catch((err: unknown) => {
          // Pages are served without their first screen (the browser draws it) until it loads.
          log.warn({ remote: source.name, url: source.url, err: String(err) }, 'first-view renderer not loaded');
        }),
      ),
      Promise.resolve()
        .then(() => install(SHELL, readFileSync(shellFile), 'renderLayout' satisfies keyof FirstViewLayoutRenderer))
        .catch((err: unknown) => log.warn({ file: shellFile, err: String(err) }, "the shell's layout renderer not loaded")),
    ]).then(() => undefined);
  const ready = sources.length > 0 ? loadAll() : Promise.resolve();
  const timer = setInterval(() => void loadAll(), options.refreshMs ?? REFRESH_MS);
  timer.unref();

  return {
    renders: (page): page is RemotePageId => page !== undefined && ServerRenderedPages.includes(page) && versions.has(page.split('/')[0]!) && versions.has(SHELL),
    async render(page, location, answers) {
      const remote = page.split('/')[0]!;
      if (!versions.has(remote) || !versions.has(SHELL)) return null;
      try {
        return (await call({ kind: 'render', remote, page, location, answers, testMode: options.testMode() }, RENDER_TIMEOUT_MS)) as string | null;
      } catch (err) {
        // A page the renderer cannot draw (an answer it did not expect) is drawn by the browser.
        log.warn({ page, location, err: String(err) }, 'first view not rendered');
        return null;
      }
    },
    originOf: (page) => {
      const entry = options.remotes.find((r) => r.name === page.split('/')[0])?.entry;
      return entry ? new URL(entry).origin : undefined;
    },
    ready,
    async close() {
      closed = true;
      clearInterval(timer);
      await worker?.terminate();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An https address, or one on this host (a sidecar's, a test's). */
function fetchedSafely(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}
