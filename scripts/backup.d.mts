// Types for scripts/backup.mjs and scripts/restore.mjs, used by their tests and the end-to-end suite.
export const SHOP_SCHEMAS: readonly string[];
export const DEFAULT_DATABASE_URL: string;
export const BACKUP_FORMAT: string;
export class BackupError extends Error {}
export interface PgVersion {
  text: string;
  major: number;
}
export function toolVersion(tool: string, env?: NodeJS.ProcessEnv): PgVersion | undefined;
export function toolProblem(tool: string, server: PgVersion, env?: NodeJS.ProcessEnv): string | undefined;
export function pgToolsProblem(databaseUrl?: string, env?: NodeJS.ProcessEnv): Promise<string | undefined>;
export interface BackupSummary {
  file: string;
  bytes: number;
  schemas: string[];
  tables: number;
  rows: number;
  objects: number;
  ms: number;
}
export function backup(options?: { databaseUrl?: string; out?: string; objects?: string; schemas?: readonly string[]; log?: (line: string) => void }): Promise<BackupSummary>;
