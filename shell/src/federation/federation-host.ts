import {
  createInstance,
  getInstance,
  loadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { provideRemoteHost, remoteNameOf, type RemoteModule } from '@pl/ui';
import { fallbackPlugin } from './fallback-plugin.js';
import { remoteEntryOf } from './remote-entry.js';
import { fetchRemotesConfig, initialRemotesConfig } from './remotes-config.js';

type RemoteEntry = { name: string; entry: string };

/**
 * Connects the Module Federation runtime to the remote slots. The remotes' URLs are not in the
 * build: the gateway writes them into the page (REMOTES_CONFIG_ELEMENT_ID), and they are asked
 * again of /runtime/remotes.json when a failed remote is retried, so a remote moved to a new URL
 * is found without a reload. A remote is registered with the runtime when a page first needs it,
 * once its entry script is known (remoteEntryOf).
 */
export function startFederationHost(): void {
  const failed = new Set<string>();
  // Where each remote lives as configured (entry script or manifest), and its registration.
  const entries = new Map<string, string>();
  const registrations = new Map<string, Promise<void>>();
  const registered = new Set<string>();

  // The build plugin already created the shell's runtime instance; create one only if it did not.
  if (!getInstance()) createInstance({ name: 'shell', remotes: [] });
  registerPlugins([
    fallbackPlugin((remoteName, error) => {
      failed.add(remoteName);
      console.error(`[federation] ${remoteName} is unavailable`, error);
    }),
  ]);

  const configure = (remotes: RemoteEntry[]) => {
    for (const r of remotes) {
      // A remote that moved is registered anew, from where it is now, when next needed.
      if (entries.has(r.name) && entries.get(r.name) !== r.entry) registrations.delete(r.name);
      entries.set(r.name, r.entry);
    }
  };
  const configured = initialRemotesConfig().then(configure);

  /** Registers a remote with the runtime (again, after a retry); rejects when its entry cannot be found. */
  const register = (remoteName: string): Promise<void> => {
    let registration = registrations.get(remoteName);
    if (!registration) {
      registration = (async () => {
        await configured;
        const entry = entries.get(remoteName);
        if (!entry) throw new Error(`No remote named ${remoteName} is configured`);
        const script = await remoteEntryOf(entry);
        // force drops the cached failure (entry script) of an already registered remote.
        registerRemotes([{ name: remoteName, entry: script }], { force: registered.has(remoteName) });
        registered.add(remoteName);
      })();
      registrations.set(remoteName, registration);
      registration.catch(() => failed.add(remoteName));
    }
    return registration;
  };

  provideRemoteHost({
    async load(id) {
      await register(remoteNameOf(id));
      return loadRemote<RemoteModule>(id);
    },
    async reset(remoteName) {
      await configured;
      // A remote that loaded and then threw while rendering only needs its slots remounted.
      if (registered.has(remoteName) && !failed.has(remoteName)) return [];
      failed.delete(remoteName);
      registrations.delete(remoteName);
      // Ask again where it lives: it may have moved, or the configuration was unreachable at load.
      const latest = await fetchRemotesConfig();
      if (entries.size === 0 && latest.length > 0) {
        // Nothing was configured at page load: take every remote now, and let all their slots retry
        // (each one's registration failed for want of an address).
        configure(latest);
        for (const r of latest) {
          registrations.delete(r.name);
          failed.delete(r.name);
        }
        return latest.map((r) => r.name);
      }
      const moved = latest.find((r) => r.name === remoteName);
      if (moved) configure([moved]);
      return [remoteName];
    },
  });
}
