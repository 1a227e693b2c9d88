import {
  swipeOffset,
  swipeOutcome,
  toastReducer,
  toToastItem,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_LIMIT,
  type ToastItem,
} from './toast-queue';

const buildToast = (overrides: Partial<ToastItem> = {}): ToastItem => ({
  id: 't1',
  title: 'Saved',
  variant: 'default',
  duration: TOAST_DEFAULT_DURATION_MS,
  ...overrides,
});

describe('toast queue', () => {
  it('shows one toast at a time: a new toast replaces the visible one', () => {
    const first = buildToast({ id: 'a' });
    const second = buildToast({ id: 'b', title: 'Second' });

    const state = toastReducer(toastReducer([], { type: 'add', toast: first }), { type: 'add', toast: second });

    expect(TOAST_LIMIT).toBe(1);
    expect(state).toEqual([second]);
  });

  it('removes a dismissed toast and ignores unknown ids', () => {
    const shown = toastReducer([], { type: 'add', toast: buildToast({ id: 'a' }) });

    expect(toastReducer(shown, { type: 'dismiss', id: 'other' })).toEqual(shown);
    expect(toastReducer(shown, { type: 'dismiss', id: 'a' })).toEqual([]);
  });

  it('auto-dismisses after 5000 ms unless the request sets a duration', () => {
    expect(toToastItem('a', { title: 'x' }).duration).toBe(5000);
    expect(toToastItem('b', { title: 'x', duration: 1200 }).duration).toBe(1200);
  });

  it('falls back to the default duration for a zero, negative or non-numeric duration', () => {
    expect(toToastItem('a', { duration: 0 }).duration).toBe(5000);
    expect(toToastItem('b', { duration: -5 }).duration).toBe(5000);
    expect(toToastItem('c', { duration: Number.NaN }).duration).toBe(5000);
  });

  it('knows only the default and destructive variants', () => {
    expect(toToastItem('a', {}).variant).toBe('default');
    expect(toToastItem('b', { variant: 'destructive' }).variant).toBe('destructive');
    expect(toToastItem('c', { variant: 'loud' as never }).variant).toBe('default');
  });

  it('keeps the title and description of the request', () => {
    expect(toToastItem('a', { title: 'Error', description: 'Failed to login' })).toMatchObject({
      title: 'Error',
      description: 'Failed to login',
    });
  });
});

describe('toast swipe', () => {
  it('counts only movement to the right', () => {
    expect(swipeOffset(100, 160)).toBe(60);
    expect(swipeOffset(100, 40)).toBe(0);
  });

  it('dismisses a swipe of 50 px or more and snaps back below that', () => {
    expect(swipeOutcome(49)).toBe('snap-back');
    expect(swipeOutcome(50)).toBe('dismiss');
    expect(swipeOutcome(120)).toBe('dismiss');
    expect(swipeOutcome(0)).toBe('snap-back');
  });
});
