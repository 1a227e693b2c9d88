// Types for scripts/config-table.mjs, used by its test.
export const root: string;
export const ENV_EXAMPLE: string;
export const CONFIG_DOC: string;
export const START: string;
export const END: string;
export const WRITE_HINT: string;
export type EnvEntry =
  | { kind: 'section'; title: string }
  | { kind: 'note'; text: string; leads: boolean }
  | { kind: 'variable'; name: string; value: string; description: string };
export function parseEnvExample(text: string): EnvEntry[];
export function escapeText(text: string): string;
export function renderConfigTable(entries: EnvEntry[]): string;
export function extractBlock(doc: string): string | null;
export function replaceBlock(doc: string, block: string): string;
export function generate(base?: string): string;
