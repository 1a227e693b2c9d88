import { runVerdict } from './run-sync.js';

describe('runVerdict', () => {
  it('succeeds with no error when every product was saved', () => {
    expect(runVerdict([], 10_000)).toEqual({ status: 'succeeded', error: null });
  });

  it('succeeds with a warning when the shop refused products for good (the cursor moves on)', () => {
    const failures = [
      { message: 'Lamp: it has no variants', transient: false },
      { message: 'Desk: These SKUs belong to different products', transient: false },
    ];
    expect(runVerdict(failures, 10_000)).toEqual({
      status: 'succeeded',
      error: '2 of 10000 POS products could not be saved; the first: Lamp: it has no variants',
    });
  });

  it('fails when a product may go through later (the catalog failed), naming that one', () => {
    const failures = [
      { message: 'Lamp: it has no variants', transient: false },
      { message: 'Desk: The catalog failed', transient: true },
    ];
    expect(runVerdict(failures, 12)).toEqual({ status: 'failed', error: '2 of 12 POS products could not be saved; the first: Desk: The catalog failed' });
  });

  it('names the one product without "the first"', () => {
    expect(runVerdict([{ message: 'Lamp: it has no name', transient: false }], 250).error).toBe('1 of 250 POS products could not be saved: Lamp: it has no name');
  });
});
