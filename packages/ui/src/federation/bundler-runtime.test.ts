// The shell hands its federation bundler runtime to the remotes (decision 077): what a remote's
// build gets in place of @module-federation/webpack-bundler-runtime.
import realFederation from '@module-federation/webpack-bundler-runtime';
import * as runtime from '@module-federation/runtime';

// The remote's own initContainerEntry comes from the package's ES module file, which Jest does not load.
const remoteInitContainerEntry = jest.fn();
jest.mock('@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js', () => ({ initContainerEntry: remoteInitContainerEntry }), { virtual: true });

const GLOBAL = '__PL_FEDERATION_BUNDLER_RUNTIME__';
const VERSION = '__PL_MF_BUNDLER_RUNTIME_VERSION__';
const globals = globalThis as Record<string, unknown>;

type Borrowed = { default: { runtime: unknown; instance: unknown; initOptions: unknown; bundlerRuntime: Record<string, unknown>; attachShareScopeMap: unknown; bundlerRuntimeOptions: object } };

/** Loads the shim as a remote's entry would, after the shell built with `shellVersion` has run (or not, when null). */
function borrowAfterShell(shellVersion: string | null, remoteVersion = '2.9.2'): Borrowed {
  // Each build has its own modules: the shell's first, then the remote's.
  if (shellVersion !== null) {
    globals[VERSION] = shellVersion;
    jest.isolateModules(() => (require('./provide-bundler-runtime') as typeof import('./provide-bundler-runtime')).provideBundlerRuntime());
  }
  globals[VERSION] = remoteVersion;
  let borrowed: Borrowed | undefined;
  jest.isolateModules(() => {
    borrowed = require('./borrowed-bundler-runtime') as Borrowed;
  });
  return borrowed!;
}

afterEach(() => {
  delete globals[GLOBAL];
  delete globals[VERSION];
  jest.restoreAllMocks();
});

test("a remote's entry uses the shell's bundler functions with its own state, runtime and container start", () => {
  const { default: borrowed } = borrowAfterShell('2.9.2');
  const provided = globals[GLOBAL] as { bundlerRuntime: Record<string, unknown>; attachShareScopeMap: unknown };
  const shells = provided.bundlerRuntime;
  // The shell provides the package's own functions.
  expect(Object.keys(shells).sort()).toEqual(Object.keys(realFederation.bundlerRuntime!).sort());
  expect(String(shells.consumes)).toBe(String((realFederation.bundlerRuntime as unknown as Record<string, unknown>).consumes));

  expect(borrowed.bundlerRuntime.consumes).toBe(shells.consumes);
  expect(borrowed.bundlerRuntime.I).toBe(shells.I);
  expect(borrowed.bundlerRuntime.init).toBe(shells.init);
  expect(borrowed.bundlerRuntime.installInitialConsumes).toBe(shells.installInitialConsumes);
  expect(borrowed.attachShareScopeMap).toBe(provided.attachShareScopeMap);
  // Its own: the share scope object, the options it fills in, its container start and its runtime entry points.
  expect(borrowed.bundlerRuntime.S).toEqual({});
  expect(borrowed.bundlerRuntime.S).not.toBe(shells.S);
  expect(borrowed.bundlerRuntimeOptions).toEqual({});
  expect(borrowed.bundlerRuntime.initContainerEntry).toBe(remoteInitContainerEntry);
  expect(borrowed.bundlerRuntime.remotes).toBeUndefined();
  expect(Object.keys(borrowed.runtime as object).sort()).toEqual(Object.keys(runtime).sort());
  expect(borrowed.instance).toBeUndefined();
  expect(borrowed.initOptions).toBeUndefined();
});

test('two remotes never share their state', () => {
  const first = borrowAfterShell('2.9.2').default;
  const second = borrowAfterShell('2.9.2').default;
  expect(first.bundlerRuntime.S).not.toBe(second.bundlerRuntime.S);
  expect(first.bundlerRuntimeOptions).not.toBe(second.bundlerRuntimeOptions);
});

test("a remote's entry run without the shell fails to load, saying why", () => {
  expect(() => borrowAfterShell(null)).toThrow("This remote runs inside the shop's shell: the shell's federation bundler runtime is missing");
});

test('a remote built with another bundler runtime than the shell provides says so, and still starts', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { default: borrowed } = borrowAfterShell('2.9.2', '2.10.0');
  expect(warn).toHaveBeenCalledWith('[federation] this remote was built with bundler runtime 2.10.0, the shell provides 2.9.2');
  expect(borrowed.bundlerRuntime.init).toBe((globals[GLOBAL] as { bundlerRuntime: Record<string, unknown> }).bundlerRuntime.init);
});
