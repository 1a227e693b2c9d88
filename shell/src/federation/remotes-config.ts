import { REMOTES_CONFIG_PATH, RemotesConfig } from '@pl/contracts';

const TIMEOUT_MS = 5000;

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
