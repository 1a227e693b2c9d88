// Types for scripts/local-stack.mjs, used by the TypeScript end-to-end suite and benchmarks.
export const root: string;
export interface StartedShop {
  url: string;
  gatewayPort: number;
  /** The gateway's Prometheus endpoint (its own port, never the public one). */
  metricsUrl: string;
  serviceUrls: Record<string, string>;
  remoteUrls: Record<string, string>;
  remoteServers: Record<string, { port: number; close(): Promise<void> }>;
  /** The services' shared secret for internal APIs (e.g. the catalog's /internal/stock). */
  internalApiToken: string;
  /** The shop's own Node processes (services and gateway). */
  pids: number[];
  /** The same by name ('gateway', 'catalog', …). */
  pidOf: Record<string, number>;
  /** The reference POS (a stand-in for the store's POS vendor); null when started without it. */
  pos: ReferencePosProcess | null;
  stop(): Promise<void>;
}
export interface ReferencePosProcess {
  url: string;
  apiKey: string;
  /** The process id (the bench reads its CPU and memory). */
  pid: number;
  stop(): Promise<void>;
}
/** The four services, each with its folder, port variable, default port and URL variable. */
export const SERVICES: ReadonlyArray<{ name: string; dir: string; portVar: string; port: number; urlVar: string }>;
/** The four remotes, each with its folder, port variable, default port and manifest URL variable. */
export const REMOTES: ReadonlyArray<{ app: string; portVar: string; port: number; urlVar: string }>;
/** One Node process started and ready (its /readyz answered 200). */
export interface StartedProcess {
  name: string;
  child: import('node:child_process').ChildProcess;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
  stop(): Promise<void>;
}
export function startProcess(options: { name: string; script: string; env: NodeJS.ProcessEnv; readyUrl: string; log: (line: string) => void; quiet?: boolean; timeoutMs?: number }): Promise<StartedProcess>;
export function isPortOpen(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
/** Where freePort picks its ports: a slice of 20000-31999 of each jest worker's own (workers 1-8), else all of it. */
export function portRange(env?: NodeJS.ProcessEnv): { from: number; span: number };
export function freePort(): Promise<number>;
export function startShop(options: {
  databaseUrl: string;
  natsUrl: string;
  env?: NodeJS.ProcessEnv;
  ports?: Record<string, number | Record<string, string> | undefined>;
  log?: (line: string) => void;
  quiet?: boolean;
  jwtKeyFile?: string;
  /** Start the reference POS too (default true). */
  referencePos?: boolean;
  /** POS_SEED for the reference POS: 'demo', 'none' or a number of generated products. */
  posSeed?: string | number;
  /** Start a service or the gateway again when it exits unexpectedly (npm start; default false). */
  supervised?: boolean;
}): Promise<StartedShop>;
/** Keeps one process running: started again, with a back-off, whenever it exits unexpectedly. */
export function supervise<P extends { child: import('node:child_process').ChildProcess; stop(): Promise<void> }>(options: {
  name: string;
  start: () => Promise<P>;
  log: (line: string) => void;
}): Promise<{ readonly child: import('node:child_process').ChildProcess; stop(): Promise<void> }>;
export function startReferencePosProcess(options: {
  env?: NodeJS.ProcessEnv;
  port?: number;
  seed?: string | number;
  log?: (line: string) => void;
  quiet?: boolean;
}): Promise<ReferencePosProcess>;
export function startDatabase(options: { env?: NodeJS.ProcessEnv; log: (line: string) => void }): Promise<{ url: string; kind: string; dataDir?: string; stop(): Promise<void> }>;
export function startNats(options: { env?: NodeJS.ProcessEnv; log: (line: string) => void; supervised?: boolean }): Promise<{ url: string; kind: string; stop(): Promise<void> }>;
export function findTestDatabase(options?: { env?: NodeJS.ProcessEnv; log?: (line: string) => void }): Promise<{ url: string; stop(): Promise<void> }>;
export function findTestNats(options?: { env?: NodeJS.ProcessEnv }): Promise<{ url: string | null; stop(): Promise<void> }>;
export function startPrivateNats(options?: { env?: NodeJS.ProcessEnv }): Promise<{ url: string | null; stop(): Promise<void> }>;
export function natsServerBinary(options?: { orSbin?: boolean }): string | null;
export function spawnNatsServer(options: { binary?: string | null; port: number; storeDir: string; detached?: boolean }): Promise<{ child: import('node:child_process').ChildProcess; url: string; stop(): Promise<void> }>;
