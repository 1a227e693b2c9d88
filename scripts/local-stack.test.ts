import { freePort, portRange } from './local-stack.mjs';

// Test files run side by side in jest workers (the unit run has two). A file that stops a server
// and starts it again on the same port (e2e outage-recovery, when e2e ran two files at once) found
// the other file's shop on that port meanwhile: each worker hands out ports from a range of its own.
describe('freePort', () => {
  it('gives each jest worker a range of its own, below the ephemeral ports', () => {
    const ranges = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => portRange({ JEST_WORKER_ID: String(id) }));
    for (const [i, a] of ranges.entries()) {
      expect(a.from).toBeGreaterThanOrEqual(20000);
      expect(a.from + a.span).toBeLessThanOrEqual(32768);
      for (const b of ranges.slice(i + 1)) expect(a.from + a.span <= b.from || b.from + b.span <= a.from).toBe(true);
    }
    expect(portRange({})).toEqual({ from: 20000, span: 12000 });
  });

  it('picks from its own worker’s range, a different port each time', async () => {
    const { from, span } = portRange();
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(from);
      expect(port).toBeLessThan(from + span);
    }
    expect(new Set(ports).size).toBe(3);
  });
});
