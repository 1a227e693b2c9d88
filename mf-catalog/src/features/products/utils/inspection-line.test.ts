import { inspectedLine } from './inspection-line';

describe('the inspection line', () => {
  it('says when and by whom', () => {
    expect(inspectedLine({ inspectedAt: '2026-03-12T12:00:00.000Z', inspectedBy: 'Dana' })).toBe('Inspected March 12, 2026 by Dana');
    expect(inspectedLine({ inspectedAt: '2026-03-12T12:00:00.000Z', inspectedBy: 'our team' })).toBe('Inspected March 12, 2026 by our team');
  });

  it('names our team when no one is named, and leaves out a date it cannot read', () => {
    expect(inspectedLine({ inspectedAt: '2026-03-12T12:00:00.000Z', inspectedBy: ' ' })).toBe('Inspected March 12, 2026 by our team');
    expect(inspectedLine({ inspectedAt: 'soon', inspectedBy: 'Dana' })).toBe('Inspected by Dana');
  });
});
