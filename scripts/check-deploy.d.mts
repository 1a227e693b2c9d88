// Types for scripts/check-deploy.mjs, used by its test.
export const root: string;
export interface DockerStage {
  name: string;
  from: string;
  instructions: Array<{ op: string; args: string }>;
}
export interface ComposeService {
  env: Set<string>;
  build?: { target: string; args?: Record<string, string> };
  restart?: string;
  healthcheck?: unknown;
}
export interface Rendering {
  dir: string;
  objects: number;
  env: Map<string, Set<string>>;
}
export type KubeObject = Record<string, any>;
export const NOT_DEPLOYED: Record<string, string>;
export function parseDockerfile(text: string): DockerStage[];
export function checkDockerfile(text: string, options: { workspaces: string[]; composeBuilds?: Record<string, { target: string; args?: Record<string, string> }> }): string[];
export function checkEmbeddedPostgres(options: { rootPackage: Record<string, any>; workspacePackages: Record<string, Record<string, any>>; lockfile: Record<string, any> }): string[];
export function parseCompose(text: string): Record<string, ComposeService>;
export function kustomizeOnPath(): { name: string; render(dir: string): string } | undefined;
export function findKustomize(): { name: string; render(dir: string): string };
export function findKustomizations(base?: string): string[];
export function checkObjects(objects: KubeObject[], options?: { requireAutoscaled?: string[] }): string[];
export function deploymentEnv(objects: KubeObject[]): Map<string, Set<string>>;
export function envVarsInSource(text: string): Set<string>;
export function envVarsReadByCode(base?: string): Map<string, { files: Set<string>; processes: Set<string> }>;
export function readmeVariables(text: string): Map<string, { deployed: boolean }>;
export function checkEnvCoverage(options: {
  code: Map<string, { files: Set<string>; processes: Set<string> }>;
  compose: Record<string, ComposeService>;
  renderings: Rendering[];
  readme: Map<string, { deployed: boolean }>;
}): string[];
export function runChecks(base?: string, options?: { kustomize?: { name: string; render(dir: string): string } }): {
  problems: string[];
  figures: { kustomize: string; renderings: Array<{ dir: string; objects: number; deployments: number }>; variables: number; composeServices: number; readmeVariables: number };
};
