// Stands in for @module-federation/webpack-bundler-runtime in a remote's production build
// (federation.ts remoteRsbuildConfig, decision 077): the same default export, made of the shell's
// copy of the functions. Each remote keeps its own state (the share scope `S`, its options and
// instance) and its own `runtime` (the runtime's entry points, which remember the build's instance),
// and brings the one function the shell's build leaves out, having no exposes: initContainerEntry.
import * as runtime from '@module-federation/runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUILT_WITH_BUNDLER_RUNTIME, BUNDLER_RUNTIME_GLOBAL, type ProvidedBundlerRuntime } from './bundler-runtime.js';

const provided = (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] as ProvidedBundlerRuntime | undefined;
if (!provided) throw new Error('This remote runs inside the shop\'s shell: the shell\'s federation bundler runtime is missing');
if (provided.version !== BUILT_WITH_BUNDLER_RUNTIME) {
  console.warn(`[federation] this remote was built with bundler runtime ${BUILT_WITH_BUNDLER_RUNTIME}, the shell provides ${provided.version}`);
}

export default {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...provided.bundlerRuntime, remotes: undefined, S: {}, initContainerEntry },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
