import { REMOTES_CONFIG_ELEMENT_ID, REMOTES_CONFIG_PATH, type RemotesConfig } from '@pl/contracts';

const TIMEOUT_MS = 5000;

/**
 * Where each remote lives, as the gateway wrote it into this page (no round trip before the first
 * remote can load); asked of the gateway when the page has none (a page not served by it).
 */
export async function initialRemotesConfig(): Promise<RemotesConfig['remotes']> {
  const inline = document.getElementById(REMOTES_CONFIG_ELEMENT_ID)?.textContent;
  if (inline) {
    try {
      return remotesOf(JSON.parse(inline));
    } catch (error) {
      console.error('[federation] the page carries a malformed remote configuration; asking the gateway', error);
    }
  }
  return fetchRemotesConfig();
}

/**
 * Reads where each remote lives right now, from the gateway's runtime configuration.
 * Resolves to an empty list when the configuration is unreachable or malformed: the shell then
 * renders with every remote slot showing its fallback, never a blank page.
 */
export async function fetchRemotesConfig(): Promise<RemotesConfig['remotes']> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(REMOTES_CONFIG_PATH, { cache: 'no-store', signal: controller.signal });
    if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
    return remotesOf(await res.json());
  } catch (error) {
    console.error(`[federation] could not read ${REMOTES_CONFIG_PATH}; remotes will show their fallback`, error);
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The remotes of a configuration the gateway wrote (contracts `RemotesConfig`), checked by hand:
 * the schema would bring zod into the shell's first view (decision 025). Throws on any other shape.
 */
export function remotesOf(config: unknown): RemotesConfig['remotes'] {
  const remotes = (config as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) throw new TypeError('no remotes list');
  return remotes.map((remote: unknown) => {
    const { name, entry } = (remote ?? {}) as { name?: unknown; entry?: unknown };
    if (typeof name !== 'string' || typeof entry !== 'string' || !URL.canParse(entry)) throw new TypeError(`not a remote: ${JSON.stringify(remote)}`);
    return { name, entry };
  });
}
