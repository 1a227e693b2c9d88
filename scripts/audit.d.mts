// Types for scripts/audit.mjs, used by its test.
export const BLOCKING: readonly string[];
export interface AuditFinding {
  name: string;
  severity: string;
  advisories: string[];
  through: string[];
  fix: string;
}
export type Audit =
  | { ran: false; why: string; refused?: true }
  | { ran: true; counts: Record<string, number>; dependencies?: number; blocking: AuditFinding[] };
export function readAudit(stdout: string): Audit;
export function describeCounts(audit: { counts: Record<string, number>; dependencies?: number }): string;
export function auditProduction(): Audit;
export function printAudit(audit: Audit, log?: (line: string) => void): boolean | null;
