// Which packages every app of the shop shares once per page (Module Federation singletons). Build
// time only, like federation.ts; apart from it so a test can read it without Rsbuild.

/**
 * No version range at run time: the federation runtime checks a singleton's version against its
 * range with semver parsers that build their regular expressions on every call, ~25 ms of a first
 * view's main thread (~100 ms on Lighthouse's slow phone), and on a mismatch it only logs a
 * warning. Without a range the build writes `*`, which the parser answers ~20x faster. Every app
 * declares the same ranges and builds from one lockfile instead; `shared-singletons.test.ts` holds
 * them to that.
 */
const singleton = { singleton: true, requiredVersion: false } as const;

/**
 * Shared once per page: React, stores and the design system, which carries the shell's router and
 * the page's query cache (src/runtime/router.ts, src/runtime/query.ts: only the parts the apps use).
 * Not contracts, nor zod: a shared package is sent whole, to the first page that imports any of it
 * (all of zod is 72 KB compressed). Each app bundles the parts it uses, and zod comes only with a
 * part that parses what a person typed (decision 025).
 */
export const sharedSingletons = {
  react: singleton,
  'react-dom': singleton,
  zustand: singleton,
  '@pl/ui': singleton,
} as const;
