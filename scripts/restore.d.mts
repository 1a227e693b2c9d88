// Types for scripts/restore.mjs (see backup.d.mts).
export interface RestoreSummary {
  schemas: string[];
  tables: number;
  rows: number;
  objects: number;
  backupCreatedAt: string;
  ms: number;
}
export function restore(options: { file: string; databaseUrl?: string; replace?: boolean; objects?: string; log?: (line: string) => void }): Promise<RestoreSummary>;
