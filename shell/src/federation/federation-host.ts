import {
  createInstance,
  getInstance,
  loadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { provideRemoteHost, type RemoteModule } from '@pl/ui';
import { fallbackPlugin } from './fallback-plugin.js';
import { fetchRemotesConfig, initialRemotesConfig } from './remotes-config.js';

type RemoteEntry = { name: string; entry: string };

/**
 * Connects the Module Federation runtime to the remote slots. The remotes' URLs are not in the
 * build: the gateway writes them into the page (REMOTES_CONFIG_ELEMENT_ID), and they are asked
 * again of /runtime/remotes.json when a failed remote is retried, so a remote moved to a new URL
 * is found without a reload.
 */
export function startFederationHost(): void {
  const failed = new Set<string>();
  const entries = new Map<string, string>();

  // The build plugin already created the shell's runtime instance; create one only if it did not.
  if (!getInstance()) createInstance({ name: 'shell', remotes: [] });
  registerPlugins([
    fallbackPlugin((remoteName, error) => {
      failed.add(remoteName);
      console.error(`[federation] ${remoteName} is unavailable`, error);
    }),
  ]);

  const register = (remotes: RemoteEntry[], force: boolean) => {
    for (const r of remotes) entries.set(r.name, r.entry);
    if (remotes.length > 0) registerRemotes(remotes.map((r) => ({ name: r.name, entry: r.entry })), { force });
  };

  const configured = initialRemotesConfig().then((remotes) => register(remotes, false));

  provideRemoteHost({
    async load(id) {
      await configured;
      return loadRemote<RemoteModule>(id);
    },
    async reset(remoteName) {
      await configured;
      const registered = entries.has(remoteName);
      // A remote that loaded and then threw while rendering only needs its slots remounted.
      if (registered && !failed.has(remoteName)) return [];
      failed.delete(remoteName);
      // Ask again where it lives: it may have moved, or the configuration was unreachable at load.
      const latest = await fetchRemotesConfig();
      if (entries.size === 0 && latest.length > 0) {
        // Nothing was configured at page load: register every remote now, and let all their slots retry.
        register(latest, false);
        latest.forEach((r) => failed.delete(r.name));
        return latest.map((r) => r.name);
      }
      const entry = latest.find((r) => r.name === remoteName)?.entry ?? entries.get(remoteName);
      // force drops the cached failure (manifest, entry script) of an already registered remote.
      if (entry) register([{ name: remoteName, entry }], registered);
      return [remoteName];
    },
  });
}
