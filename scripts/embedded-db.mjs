// Runs the embedded PostgreSQL in a process group of its own, so `npm start` decides when it
// stops: after the services have closed their connections, not when Ctrl-C reaches the terminal's
// process group. Prints one JSON line `{"url": …}` on stdout once it accepts connections, and
// stops PostgreSQL cleanly on SIGTERM or SIGINT. If PostgreSQL itself goes away (killed, crashed)
// this process exits with code 1, so `npm start`'s supervisor starts both again.
import { isPortOpen, startDatabase } from './local-stack.mjs';

const db = await startDatabase({ env: { ...process.env, DATABASE_URL: '' }, log: (line) => console.error(line) });
console.log(JSON.stringify({ url: db.url }));
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    stopping = true;
    db.stop().then(() => process.exit(0));
  });
}
// Three refused connections in a row, two seconds apart: PostgreSQL is gone.
const port = Number(new URL(db.url).port);
let refused = 0;
setInterval(async () => {
  if (stopping) return;
  refused = (await isPortOpen(port, '127.0.0.1', 1000)) ? 0 : refused + 1;
  if (refused >= 3 && !stopping) {
    console.error(`embedded PostgreSQL on port ${port} stopped answering`);
    process.exit(1);
  }
}, 2000);
