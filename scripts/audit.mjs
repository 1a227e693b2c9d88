#!/usr/bin/env node
// `npm audit --omit=dev`: the dependencies that ship (images install with --omit=dev) must have no
// high or critical advisory. scripts/test.mjs runs it as a step (CI: .ci/run); alone:
//   node scripts/audit.mjs
// A registry that does not answer the audit (offline, or a mirror without the advisory endpoint) is
// reported as not run, never as passed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BLOCKING = ['high', 'critical'];
const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'];

/**
 * Reads `npm audit --json`: `{ ran: false, why }` when npm got no report, else the counts by
 * severity, how many production dependencies were audited, and each high or critical finding with
 * its advisories and the fix npm knows.
 */
export function readAudit(stdout) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { ran: false, why: `npm audit did not answer JSON: ${stdout.trim().slice(0, 200) || '(nothing)'}` };
  }
  const counts = report?.metadata?.vulnerabilities;
  // 405: the registry answered and serves no advisories (a mirror that allows only GET and HEAD, as
  // the one on the development and CI machines here does): nothing the project can change.
  if (!counts && report?.statusCode === 405) return { ran: false, refused: true, why: report.message };
  if (!counts) return { ran: false, why: report?.message ?? report?.error?.summary ?? 'no audit report' };
  const blocking = Object.values(report.vulnerabilities ?? {})
    .filter((v) => BLOCKING.includes(v.severity))
    .map((v) => ({
      name: v.name,
      severity: v.severity,
      advisories: v.via.filter((via) => typeof via === 'object').map((via) => `${via.title} (${via.url})`),
      through: v.via.filter((via) => typeof via === 'string'),
      fix: v.fixAvailable === true ? 'npm audit fix' : v.fixAvailable ? `${v.fixAvailable.name}@${v.fixAvailable.version}${v.fixAvailable.isSemVerMajor ? ' (major)' : ''}` : 'none yet',
    }));
  return { ran: true, counts, dependencies: report.metadata.dependencies?.prod, blocking };
}

/** One line: `0 critical, 0 high, 2 moderate, 1 low, 0 info in 305 production dependencies`. */
export const describeCounts = ({ counts, dependencies }) =>
  `${SEVERITIES.map((s) => `${counts[s] ?? 0} ${s}`).join(', ')}${dependencies === undefined ? '' : ` in ${dependencies} production dependencies`}`;

/** Runs the audit in the repository. */
export function auditProduction() {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) return { ran: false, why: `npm could not run: ${run.error.message}` };
  return readAudit(run.stdout);
}

/** Prints the audit; answers true (passed), false (a high or critical finding) or null (not run). */
export function printAudit(audit, log = console.log) {
  if (!audit.ran) {
    log(`npm audit --omit=dev: ${audit.refused ? 'blocked: the registry refuses the audit' : 'not run'}: ${audit.why}`);
    return null;
  }
  log(`npm audit --omit=dev: ${describeCounts(audit)}`);
  for (const b of audit.blocking) log(`  ${b.severity}: ${b.name}${b.through.length ? ` (through ${b.through.join(', ')})` : ''}: ${b.advisories.join('; ') || 'see its dependencies'}; fix: ${b.fix}`);
  return audit.blocking.length === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const passed = printAudit(auditProduction());
  process.exit(passed ? 0 : passed === null ? 2 : 1);
}
