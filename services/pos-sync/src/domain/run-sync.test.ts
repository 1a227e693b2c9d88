import { runVerdict, type Failures, type ProductFailure } from './run-sync.js';

/** The tally a run keeps of these failures, in the order they happened. */
const tallied = (failures: ProductFailure[]): Failures => ({ count: failures.length, first: failures[0], firstTransient: failures.find((f) => f.transient) });

describe('runVerdict', () => {
  it('succeeds with no error when every product was saved', () => {
    expect(runVerdict(tallied([]), 10_000)).toEqual({ status: 'succeeded', error: null });
  });

  it('succeeds with a warning when the shop refused products for good (the cursor moves on)', () => {
    const failures = [
      { message: 'Lamp: it has no variants', transient: false },
      { message: 'Desk: These SKUs belong to different products', transient: false },
    ];
    expect(runVerdict(tallied(failures), 10_000)).toEqual({
      status: 'succeeded',
      error: '2 of 10000 POS products could not be saved; the first: Lamp: it has no variants',
    });
  });

  it('fails when a product may go through later (the catalog failed), naming that one', () => {
    const failures = [
      { message: 'Lamp: it has no variants', transient: false },
      { message: 'Desk: The catalog failed', transient: true },
    ];
    expect(runVerdict(tallied(failures), 12)).toEqual({ status: 'failed', error: '2 of 12 POS products could not be saved; the first: Desk: The catalog failed' });
  });

  it('names the one product without "the first"', () => {
    expect(runVerdict(tallied([{ message: 'Lamp: it has no name', transient: false }]), 250).error).toBe('1 of 250 POS products could not be saved: Lamp: it has no name');
  });
});
