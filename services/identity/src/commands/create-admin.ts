// `npm run create-admin -w services/identity -- --username <name> --email <address> [--first-name <n>] [--last-name <n>]`
// (or `node services/identity/dist/main.js create-admin ...`). The password comes from the
// environment variable ADMIN_PASSWORD or from stdin (prompted for, unechoed, on a terminal); never
// from an argument, which would land in the shell history and the process list.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createLogger, createPool, runMigrations } from '@pl/service-kit';
import { loadAdminCommandConfig } from '../config.js';
import { AdminInputError, createAdminAccount } from '../domain/admin-accounts.js';
import { argon2Hasher, type PasswordHasher } from '../domain/passwords.js';

export interface CommandIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export const CREATE_ADMIN_USAGE =
  'Usage: npm run create-admin -w services/identity -- --username <name> --email <address> [--first-name <name>] [--last-name <name>]\n' +
  'The password is read from ADMIN_PASSWORD, else from stdin.';

/** The first line of stdin; on a terminal, prompted for without echo. */
export async function readPassword(io: CommandIo): Promise<string> {
  if (io.stdin.isTTY) {
    io.stderr.write('Password: ');
    const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
    // Keep what is typed off the screen: readline echoes through _writeToOutput.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
    const line = await new Promise<string>((resolve) => rl.once('line', resolve));
    rl.close();
    io.stderr.write('\n');
    return line;
  }
  let data = '';
  for await (const chunk of io.stdin) data += chunk.toString();
  return data.split(/\r?\n/)[0] ?? '';
}

/** Runs the command; resolves with the process exit code. */
export async function runCreateAdminCommand(options: {
  argv: string[];
  env: NodeJS.ProcessEnv;
  migrationsDir: string;
  io: CommandIo;
  passwords?: PasswordHasher;
}): Promise<number> {
  const { io, env } = options;
  let args;
  try {
    args = parseArgs({
      args: options.argv,
      options: { username: { type: 'string' }, email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
      strict: true,
    }).values;
  } catch (err) {
    io.stderr.write(`${(err as Error).message}\n${CREATE_ADMIN_USAGE}\n`);
    return 2;
  }
  if (!args.username || !args.email) {
    io.stderr.write(`--username and --email are required.\n${CREATE_ADMIN_USAGE}\n`);
    return 2;
  }
  const password = env.ADMIN_PASSWORD ?? (await readPassword(io));

  const config = loadAdminCommandConfig(env);
  const logger = createLogger({ name: 'identity-create-admin', level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL });
  const pool = createPool({ connectionString: config.DATABASE_URL, schema: config.DB_SCHEMA, max: 2, logger });
  try {
    // A fresh database works too: the schema is brought up to date first, as the service would.
    await runMigrations(pool, { schema: config.DB_SCHEMA, dir: options.migrationsDir, logger });
    const admin = await createAdminAccount(pool, options.passwords ?? argon2Hasher(), {
      username: args.username,
      email: args.email,
      password,
      firstName: args['first-name'],
      lastName: args['last-name'],
    });
    io.stdout.write(`Created admin ${admin.username} <${admin.email}> (id ${admin.id}).\n`);
    return 0;
  } catch (err) {
    if (err instanceof AdminInputError) {
      io.stderr.write(`Cannot create the admin: ${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await pool.end();
  }
}
