import { profileChanges, profileErrors, profileFieldsOf, type ProfileFields } from './profile-form';

const user = { firstName: 'Dana', lastName: null, phone: '555-0100', email: 'dana@example.com' };
const fields = (overrides: Partial<ProfileFields> = {}): ProfileFields => ({ ...profileFieldsOf(user), ...overrides });

describe('Edit Profile form', () => {
  it('starts from the profile, with empty strings for what is not provided', () => {
    expect(profileFieldsOf(user)).toEqual({ firstName: 'Dana', lastName: '', phone: '555-0100', email: 'dana@example.com' });
  });

  it('accepts the profile as it is', () => {
    expect(profileErrors(fields())).toEqual({});
  });

  it("refuses an invalid e-mail with 'Please enter a valid email address'", () => {
    expect(profileErrors(fields({ email: 'dana' }))).toEqual({ email: 'Please enter a valid email address' });
    expect(profileErrors(fields({ email: '' }))).toEqual({ email: 'Please enter a valid email address' });
  });

  it('refuses names and phone numbers longer than the server takes', () => {
    expect(profileErrors(fields({ firstName: 'x'.repeat(101), phone: '1'.repeat(41) }))).toEqual({
      firstName: 'First name is too long',
      phone: 'Phone is too long',
    });
  });
});

describe('the Edit Profile PATCH body', () => {
  it('is empty when nothing changed', () => {
    expect(profileChanges(user, fields())).toEqual({});
    expect(profileChanges(user, fields({ email: ' DANA@example.com ', firstName: ' Dana ' }))).toEqual({});
  });

  it('carries only the changed fields, trimmed', () => {
    expect(profileChanges(user, fields({ lastName: ' Smith ', email: 'dana.smith@example.com' }))).toEqual({
      lastName: 'Smith',
      email: 'dana.smith@example.com',
    });
  });

  it('clears an optional field that was emptied', () => {
    expect(profileChanges(user, fields({ phone: '   ' }))).toEqual({ phone: null });
  });
});
