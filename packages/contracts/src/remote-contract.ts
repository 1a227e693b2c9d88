// How a remote states its public contract: its Module Federation name and, for every module it
// exposes, the props that module's component takes (decision 036). The props are types only: at
// run time an exposed module is an empty marker, so the shell's first view pays nothing for them.
// From the four declarations (remotes/*.ts) the module ids and their props are derived, so a
// slot that shows another team's module (RemoteSlot in @pl/ui) is checked at compile time, and an
// exposing file that no longer fits its declaration fails its typecheck too.

declare const propsOfModule: unique symbol;

/** The props an exposed module's component takes. */
export interface Exposed<P extends object> {
  readonly [propsOfModule]?: P;
}

/** A module whose component takes no props (a page, a header part). */
export type NoProps = Record<string, never>;

/** Declares an exposed module: `exposed()` takes no props, `exposed<P>()` takes `P`. */
export function exposed(): Exposed<NoProps>;
export function exposed<P extends object>(): Exposed<P>;
export function exposed(): Exposed<object> {
  return {};
}

/**
 * What a page says of itself before its data (decision 071): its title, shown at once, and for a
 * page search engines list, what it is about. Declared by its team beside its contract, apart from
 * it: the contract is in every remote's bundle, these texts only in the shell's and the gateway's.
 */
export interface PageInfo {
  readonly title: string;
  /** The page's meta description (a search result's snippet, a link preview's text); the shop's own when absent. */
  readonly description?: string;
}

/** The pages of a remote's contract, each with what it says of itself. */
export type PagesOf<R> = R extends RemoteContract<string, infer E> ? Partial<Record<Extract<keyof E, string>, PageInfo>> : never;

/** A remote's public contract: its federation name and its exposed modules by name. */
export interface RemoteContract<N extends string = string, E extends Record<string, Exposed<object>> = Record<string, Exposed<object>>> {
  readonly name: N;
  readonly exposes: E;
}

export const defineRemote = <const N extends string, const E extends Record<string, Exposed<object>>>(name: N, exposes: E): RemoteContract<N, E> => ({ name, exposes });

/** "<remote name>/<exposed name>" of every module `R` exposes. */
export type ModuleIdsOf<R> = R extends RemoteContract<infer N, infer E> ? `${N}/${Extract<keyof E, string>}` : never;

/** The exposed names of a remote, as its Module Federation config keys them ('./CartButton'). */
export type ExposeKeysOf<R> = R extends RemoteContract<string, infer E> ? `./${Extract<keyof E, string>}` : never;

/** The names a remote exposes, in its declaration's order. */
export const exposedNamesOf = (remote: RemoteContract): string[] => Object.keys(remote.exposes);
