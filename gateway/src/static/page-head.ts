// What the gateway adds to the shell's index.html so a first view is not a waterfall:
// - the runtime remote configuration inlined as a JSON data block (the shell reads it instead of
//   fetching /runtime/remotes.json first), each remote named by its entry script once the gateway
//   has read its manifest, so the browser need not read the manifest first (decision 026);
// - preconnects to the origins of the remotes the page will load (its own module's and
//   companions', and the layout's), none for the others (the order desk's remote on a shopper's
//   page), and preloads of the manifests of those the gateway could not read;
// - for the page being opened, preloads of what its first view will load from the remotes: each
//   remote's entry and the first chunks of the modules the page shows (contracts RemotePages and
//   FirstViewCompanions; on the shell's own pages LayoutRemoteModules), read from the remotes' manifests, which the gateway
//   fetches in the background and asks again every MANIFEST_REFRESH_MS (a remote deployed anew
//   names new chunks).
// Still no rebuild when a remote moves: all of it comes from REMOTE_* when the gateway starts.
import { documentTitleOf, FirstViewCompanions, LayoutRemoteModules, pageInfoOf, RemotePages, SHOP_DESCRIPTION, SHOP_NAME, manifestAssetUrl, REMOTES_CONFIG_ELEMENT_ID, isManifestEntry, remoteEntryUrlOf, type RemoteManifest, type RemoteModuleId, type RemotesConfig } from '@pl/contracts';
import type { Logger } from '@pl/service-kit';
import { NOT_CRAWLED } from '../routes/robots-txt.js';

const MANIFEST_REFRESH_MS = 60_000;
const MANIFEST_TIMEOUT_MS = 3000;

export interface PageHead {
  /** index.html with the head of a page showing the remote page `page` (contracts remotePageOf), or none. */
  render(html: string, page: RemoteModuleId | undefined): string;
  /** Called when what `render` answers changes (a manifest read for the first time, or changed). */
  onChange(listener: () => void): void;
  close(): void;
}

/** JSON that cannot end the <script> element it sits in, nor open a comment. */
export const inScriptElement = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const NOINDEX = '<meta name="robots" content="noindex">';
/** Public pages of one address each, whose head names it (see preview). */
const SINGLE_ADDRESS_PAGES: ReadonlySet<RemoteModuleId> = new Set(['mf_catalog/HomePage', 'mf_catalog/CategoriesPage', 'mf_catalog/LocationsPage']);
/** A page robots.txt keeps crawlers from (NOT_CRAWLED): one found through a link is not listed either. */
const notIndexed = (page: RemoteModuleId) => {
  const path = RemotePages.find((p) => p.id === page)?.path;
  return path !== undefined && NOT_CRAWLED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

/** Text in an element: its markup characters escaped. */
export const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The head every page gets: the configuration of every remote, so any page can be opened from here on. */
const configurationOf = (remotes: RemotesConfig['remotes']) =>
  `<script type="application/json" id="${REMOTES_CONFIG_ELEMENT_ID}">${inScriptElement({ remotes })}</script>`;

/** Preconnects to the origins of these remotes, and preloads of the manifests the shell will read itself. */
function originHints(remotes: RemotesConfig['remotes']): string {
  const origins = [...new Set(remotes.map((r) => new URL(r.entry).origin))];
  return [
    // Scripts load without credentials (crossorigin 'anonymous'), as the shell fetches manifests.
    ...origins.map((origin) => `<link rel="preconnect" href="${attribute(origin)}" crossorigin="anonymous">`),
    ...remotes.filter((r) => isManifestEntry(r.entry)).map((r) => `<link rel="preload" href="${attribute(r.entry)}" as="fetch" crossorigin="anonymous">`),
  ].join('');
}

const insertIntoHead = (html: string, head: string) => (html.includes('</head>') ? html.replace('</head>', `${head}</head>`) : `${head}${html}`);

/**
 * The route-aware head. `fetchManifest` is injectable for tests; by default the manifest is asked
 * of the remote's own server.
 */
export function createPageHead(options: {
  remotes: RemotesConfig['remotes'];
  logger: Logger;
  /** The shop's origin: a public page of one address names it as its canonical address and in its link preview. */
  publicOrigin?: string;
  fetchManifest?: (url: string) => Promise<unknown>;
  refreshMs?: number;
}): PageHead {
  const { remotes } = options;
  const log = options.logger.child({ component: 'page-head' });
  // Each remote as the shell should load it: by its entry script once its manifest has been read.
  let resolved = remotes;
  let configuration = configurationOf(remotes);
  const fetchManifest =
    options.fetchManifest ??
    (async (url: string) => {
      const res = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
      return res.json();
    });
  const manifests = new Map<string, { text: string; manifest: RemoteManifest }>();
  const listeners: Array<() => void> = [];

  async function readAll(): Promise<void> {
    let changed = false;
    await Promise.all(
      remotes.map(async ({ name, entry }) => {
        try {
          const manifest = (await fetchManifest(entry)) as RemoteManifest;
          const text = JSON.stringify(manifest);
          if (manifests.get(name)?.text === text) return;
          manifests.set(name, { text, manifest });
          changed = true;
        } catch (err) {
          // The page still works without these hints: the shell asks for what it needs itself.
          log.debug({ remote: name, err: (err as Error).message }, 'remote manifest unavailable; its first-view preloads are left out');
        }
      }),
    );
    if (!changed) return;
    resolved = remotes.map(({ name, entry }) => {
      const manifest = manifests.get(name)?.manifest;
      return { name, entry: (manifest && remoteEntryUrlOf(manifest, entry)) ?? entry };
    });
    configuration = configurationOf(resolved);
    for (const listener of listeners) listener();
  }
  void readAll();
  const timer = setInterval(() => void readAll(), options.refreshMs ?? MANIFEST_REFRESH_MS);
  timer.unref();

  /** The preloads for the module `remote/Exposed`: its remote's entry and its first chunks. */
  function preloadsOf(id: RemoteModuleId): string[] {
    const [remoteName, exposed] = id.split('/') as [string, string];
    const remote = remotes.find((r) => r.name === remoteName);
    const manifest = manifests.get(remoteName)?.manifest;
    if (!remote || !manifest) return [];
    const url = (file: string) => manifestAssetUrl(manifest, remote.entry, file);
    const entry = remoteEntryUrlOf(manifest, remote.entry);
    const expose = manifest.exposes?.find((e) => e.name === exposed);
    return [
      ...(entry ? [`<link rel="preload" href="${attribute(entry)}" as="script">`] : []),
      ...(expose?.assets?.css?.sync ?? []).map((file) => `<link rel="preload" href="${attribute(url(file))}" as="style">`),
      ...(expose?.assets?.js?.sync ?? []).map((file) => `<link rel="preload" href="${attribute(url(file))}" as="script">`),
    ];
  }

  /**
   * The canonical address and link preview of a public page that has one address (home, the
   * categories, the stores). Not the product list's kind of page: it also answers searches and
   * category lists, which name their own (decision 073); not the shell's own pages, which share one kind.
   */
  const preview = (page: RemoteModuleId, info: { title: string; description?: string } | undefined): string => {
    const path = RemotePages.find((p) => p.id === page)?.path;
    if (!options.publicOrigin || !info || !path || !SINGLE_ADDRESS_PAGES.has(page)) return '';
    const url = `${options.publicOrigin}${path}`;
    const title = documentTitleOf(info.title);
    return [
      `<link rel="canonical" href="${attribute(url)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="${attribute(SHOP_NAME)}">`,
      `<meta property="og:title" content="${attribute(title)}">`,
      `<meta property="og:description" content="${attribute(info.description ?? SHOP_DESCRIPTION)}">`,
      `<meta property="og:url" content="${attribute(url)}">`,
      `<meta name="twitter:card" content="summary">`,
    ].join('');
  };

  return {
    render(html, page) {
      // A remote page's layout parts wait for its first view: preloading them would share the
      // phone's bandwidth with what the page shows first.
      const modules = page ? [page, ...(FirstViewCompanions[page] ?? [])] : LayoutRemoteModules;
      const preloads = [...new Set(modules.flatMap(preloadsOf))];
      const used = new Set([...modules, ...LayoutRemoteModules].map((id) => id.split('/')[0]));
      // What search results and link previews say of the page: its team's title and description; a
      // shopper's, an admin's or a purchase's page is not to be listed even when a link to it is found.
      const info = page && pageInfoOf(page);
      const described = info?.description ? html.replace(/<meta name="description" content="[^"]*">/, () => `<meta name="description" content="${attribute(info.description!)}">`) : html;
      const titled = described.replace(/<title>[^<]*<\/title>/, () => `<title>${text(documentTitleOf(info?.title))}</title>${page && notIndexed(page) ? NOINDEX : ''}${page ? preview(page, info) : ''}`);
      return insertIntoHead(titled, configuration + originHints(resolved.filter((r) => used.has(r.name))) + preloads.join(''));
    },
    onChange: (listener) => void listeners.push(listener),
    close: () => clearInterval(timer),
  };
}
