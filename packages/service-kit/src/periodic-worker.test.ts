import { startPeriodicWorker } from './periodic-worker.js';
import { captureLogger, eventually } from './testing.js';

describe('startPeriodicWorker', () => {
  it('runs passes one after another, survives a failing pass, and stop() waits for the running one', async () => {
    const { logger, lines } = captureLogger();
    let passes = 0;
    let inFlight = 0;
    let overlapped = false;
    const worker = startPeriodicWorker({
      name: 'test-worker',
      intervalMs: 5,
      logger,
      run: async () => {
        passes++;
        inFlight++;
        overlapped ||= inFlight > 1;
        await new Promise((r) => setTimeout(r, 10));
        inFlight--;
        if (passes === 2 || passes === 3) throw new Error('database restarting');
      },
    });

    await eventually(() => passes >= 5);
    await worker.stop();
    expect(inFlight).toBe(0); // stop() waited for the pass that was running
    const passesAtStop = passes;
    await new Promise((r) => setTimeout(r, 30));

    expect(passes).toBe(passesAtStop);
    expect(overlapped).toBe(false);
    expect(lines.filter((l) => l.msg === 'worker pass failed; retrying')).toHaveLength(1);
    expect(lines.filter((l) => l.msg === 'worker recovered')).toHaveLength(1);
  });
});
