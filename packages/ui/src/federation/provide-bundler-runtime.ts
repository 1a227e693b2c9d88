import federation from '@module-federation/webpack-bundler-runtime';
import { BUILT_WITH_BUNDLER_RUNTIME, BUNDLER_RUNTIME_GLOBAL, type ProvidedBundlerRuntime } from './bundler-runtime.js';

/**
 * The shell's part (decision 077): leaves its bundler runtime where the remotes' entries look for
 * it. Called before the shell loads any remote; a remote's entry that runs first finds none and
 * fails to load, like one run without the shell's runtime core.
 */
export function provideBundlerRuntime(): void {
  const provided: ProvidedBundlerRuntime = {
    version: BUILT_WITH_BUNDLER_RUNTIME,
    bundlerRuntime: federation.bundlerRuntime as ProvidedBundlerRuntime['bundlerRuntime'],
    attachShareScopeMap: federation.attachShareScopeMap,
  };
  Object.defineProperty(globalThis, BUNDLER_RUNTIME_GLOBAL, { value: provided, configurable: true });
}
