import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnvFile } from './config';

// A service started alone reads .env from its working directory; the environment wins over it.
describe('loadEnvFile', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-env-file-'));
  writeFileSync(path.join(dir, '.env'), 'PL_TEST_FROM_FILE=file\nPL_TEST_SET_BOTH=file\n');
  writeFileSync(path.join(dir, 'other.env'), 'PL_TEST_OTHER=other\n');

  it('reads .env when there is one; a variable already set wins', () => {
    const env: NodeJS.ProcessEnv = { PL_TEST_SET_BOTH: 'environment' };
    expect(loadEnvFile(env, dir)).toBe(path.join(dir, '.env'));
    expect(env).toEqual({ PL_TEST_FROM_FILE: 'file', PL_TEST_SET_BOTH: 'environment' });
  });

  it('reads the file ENV_FILE names, none when it is empty, and nothing when the file is not there', () => {
    const other: NodeJS.ProcessEnv = { ENV_FILE: 'other.env' };
    expect(loadEnvFile(other, dir)).toBe(path.join(dir, 'other.env'));
    expect(other).toEqual({ ENV_FILE: 'other.env', PL_TEST_OTHER: 'other' });
    const none: NodeJS.ProcessEnv = { ENV_FILE: '' };
    expect(loadEnvFile(none, dir)).toBeUndefined();
    expect(none).toEqual({ ENV_FILE: '' });
    expect(loadEnvFile({}, mkdtempSync(path.join(os.tmpdir(), 'pl-env-none-')))).toBeUndefined();
  });
});
