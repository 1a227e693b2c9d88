import { accountTriggerLabel } from './display-name';

describe('accountTriggerLabel', () => {
  it('shows the first name when there is one', () => {
    expect(accountTriggerLabel({ firstName: 'Dana', email: 'dana@example.com' })).toBe('Dana');
  });

  it('falls back to the part of the e-mail before the @', () => {
    expect(accountTriggerLabel({ firstName: null, email: 'd.smith@example.com' })).toBe('d.smith');
    expect(accountTriggerLabel({ firstName: '  ', email: 'd.smith@example.com' })).toBe('d.smith');
  });

  it("says 'Account' when neither is usable", () => {
    expect(accountTriggerLabel({ firstName: null, email: '' })).toBe('Account');
    expect(accountTriggerLabel({ firstName: null, email: '@example.com' })).toBe('Account');
    expect(accountTriggerLabel(null)).toBe('Account');
  });
});
