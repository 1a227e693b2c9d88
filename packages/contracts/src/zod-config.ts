// In a browser the shop's CSP forbids eval (no 'unsafe-eval'), so zod's compiled parsers could
// never run there; its probe for them (`new Function`) would still be reported to the page as a
// CSP violation on every load. Jitless: no probe, the same checks, the same results. Node keeps
// the compiled parsers.
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

// Every schema module takes `z` from here, so the setting above comes with the first schema and
// a module without schemas (decision 025) brings neither it nor zod.
export { z };
