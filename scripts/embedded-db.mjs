// Runs the embedded PostgreSQL in a process group of its own, so `npm start` decides when it
// stops: after the services have closed their connections, not when Ctrl-C reaches the terminal's
// process group. Prints one JSON line `{"url": …}` on stdout once it accepts connections, and
// stops PostgreSQL cleanly on SIGTERM or SIGINT.
import { startDatabase } from './local-stack.mjs';

const db = await startDatabase({ env: { ...process.env, DATABASE_URL: '' }, log: (line) => console.error(line) });
console.log(JSON.stringify({ url: db.url }));
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => db.stop().then(() => process.exit(0)));
}
