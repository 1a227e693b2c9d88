import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailable, remoteNameOf, type RemoteModule } from '@pl/ui';

/**
 * Module Federation runtime plugin: when loading a remote module fails (manifest unreachable,
 * entry script missing, remote not configured), answer with a fallback module instead of
 * throwing, so the page renders and the slot shows a friendly message with a Retry.
 * `onFailure` records the failure so a retry knows to reload that remote from scratch.
 */
export function fallbackPlugin(onFailure: (remoteName: string, error: unknown) => void): ModuleFederationRuntimePlugin {
  return {
    name: 'pl-remote-fallback',
    errorLoadRemote(args) {
      // Only the final 'onLoad' stage expects a module back; earlier stages (a manifest that
      // could not be fetched) expect a manifest, so they fall through and end up here.
      if (args.lifecycle !== 'onLoad') return undefined;
      const remoteName = remoteNameOf(args.id);
      onFailure(remoteName, args.error);
      const fallback: RemoteModule = { default: () => <RemoteUnavailable id={args.id} /> };
      return fallback;
    },
  };
}
