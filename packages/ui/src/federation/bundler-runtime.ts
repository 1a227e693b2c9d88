// Module Federation's bundler runtime (@module-federation/webpack-bundler-runtime: how a build's
// chunks consume shared modules and start its container) is the same code in every build, ~2.3 KB
// compressed of each remote's entry. The shell hands its copy to the remotes, as it hands them the
// runtime core (decision 009): provide-bundler-runtime.ts in the shell, borrowed-bundler-runtime.ts
// in place of the package in a remote's production build (decision 077).

/** Where the shell leaves its bundler runtime for the remotes (on globalThis). */
export const BUNDLER_RUNTIME_GLOBAL = '__PL_FEDERATION_BUNDLER_RUNTIME__';

/** The bundler runtime's functions, as the package's default export holds them. */
export interface BundlerRuntimeFunctions {
  [name: string]: unknown;
  S?: unknown;
  initContainerEntry?: unknown;
}

/** What the shell provides: its bundler runtime's functions and the package version they are from. */
export interface ProvidedBundlerRuntime {
  version: string;
  bundlerRuntime: BundlerRuntimeFunctions;
  attachShareScopeMap: unknown;
}

/** The package version a build was made with (set by the build: federation.ts bundlerRuntimeDefine). */
declare const __PL_MF_BUNDLER_RUNTIME_VERSION__: string;
export const BUILT_WITH_BUNDLER_RUNTIME = __PL_MF_BUNDLER_RUNTIME_VERSION__;
