import { REMOTES_CONFIG_ELEMENT_ID, REMOTES_CONFIG_PATH, RemotesConfig } from '@pl/contracts';

const TIMEOUT_MS = 5000;

/**
 * Where each remote lives, as the gateway wrote it into this page (no round trip before the first
 * remote can load); asked of the gateway when the page has none (a page not served by it).
 */
export async function initialRemotesConfig(): Promise<RemotesConfig['remotes']> {
  const inline = document.getElementById(REMOTES_CONFIG_ELEMENT_ID)?.textContent;
  if (inline) {
    try {
      return RemotesConfig.parse(JSON.parse(inline)).remotes;
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
    return RemotesConfig.parse(await res.json()).remotes;
  } catch (error) {
    console.error(`[federation] could not read ${REMOTES_CONFIG_PATH}; remotes will show their fallback`, error);
    return [];
  } finally {
    clearTimeout(timer);
  }
}
