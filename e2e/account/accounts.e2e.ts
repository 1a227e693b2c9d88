// The account team's screens in real Chromium against the whole shop: sign-up, sign-in and
// sign-out through the header's dialogs and menu, password recovery through the dev mailbox,
// the account page (profile edit, password change, e-mail verification), the order history and
// the guards. Mail is read from the identity service's dev mailbox, as a developer would.
import type { Locator, Page } from 'playwright-core';
import { DevMailbox, type DevMailMessage } from '@pl/contracts';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();
let page: Page;

beforeEach(async () => {
  page = await ctx.browser.newPage();
});
afterEach(async () => {
  await page.close();
});

/** The demo admin identity seeds outside production (services/identity demo accounts). */
const DEMO_ADMIN = { username: 'admin', password: 'admin12345' };
const SLOW = { timeout: 20000 };

interface TestCustomer {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  phone: string;
}

let serial = 0;
function buildCustomer(overrides: Partial<TestCustomer> = {}): TestCustomer {
  const id = `${Date.now().toString(36)}${(serial++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Dana',
    lastName: 'Tester',
    username: `dana_${id}`,
    email: `dana.${id}@example.com`,
    password: `secret-${id}`,
    phone: '555-0100',
    ...overrides,
  };
}

// ---- the page's parts -------------------------------------------------------------------------

const header = () => page.locator('header').first();
const headerButton = (name: string) => header().getByRole('button', { name, exact: true });
const accountTrigger = () => header().locator('button[aria-haspopup="menu"]');
const dialog = (name: string) => page.getByRole('dialog', { name });
const toasts = () => page.getByRole('region', { name: /Notifications/ }).locator('li');
const toastWith = (text: string) => toasts().filter({ hasText: text });
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function goHomeAsGuest(): Promise<void> {
  await page.goto(ctx.shop.url + '/');
  await headerButton('Sign In').waitFor(SLOW);
}

async function signUp(customer: TestCustomer): Promise<void> {
  await goHomeAsGuest();
  await headerButton('Create Account').click();
  const form = dialog('Create Account');
  await form.waitFor();
  await field(form, 'First Name').fill(customer.firstName);
  await field(form, 'Last Name').fill(customer.lastName);
  await field(form, 'Username *').fill(customer.username);
  await field(form, 'Email *').fill(customer.email);
  await field(form, 'Password *').fill(customer.password);
  await field(form, 'Phone').fill(customer.phone);
  await form.getByRole('button', { name: 'Create Account', exact: true }).click();
  await toastWith('Account created successfully').waitFor();
  await form.waitFor({ state: 'hidden' });
  await accountTrigger().waitFor();
}

/** A customer made through the API (the browser's own session is untouched); most tests start here. */
async function registerThroughApi(customer: TestCustomer): Promise<void> {
  const { firstName, lastName, username, email, password, phone } = customer;
  const res = await fetch(`${ctx.shop.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, lastName, username, email, password, phone }),
  });
  expect(res.status).toBe(201);
}

async function openSignIn(): Promise<Locator> {
  await headerButton('Sign In').click();
  const form = dialog('Sign In');
  await form.waitFor();
  return form;
}

async function submitSignIn(usernameOrEmail: string, password: string): Promise<Locator> {
  const form = await openSignIn();
  await field(form, 'Username or Email').fill(usernameOrEmail);
  await field(form, 'Password').fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  return form;
}

async function signIn(usernameOrEmail: string, password: string): Promise<void> {
  const form = await submitSignIn(usernameOrEmail, password);
  await toastWith('Logged in successfully').waitFor();
  await form.waitFor({ state: 'hidden' });
  await page.waitForURL(/\/account$/);
}

async function openAccountMenu(): Promise<Locator> {
  await accountTrigger().click();
  const menu = page.getByRole('menu', { name: 'My Account' });
  await menu.waitFor();
  return menu;
}

async function signOut(): Promise<void> {
  const menu = await openAccountMenu();
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await toastWith('Logged out successfully').waitFor();
  await page.waitForURL(ctx.shop.url + '/');
  await headerButton('Sign In').waitFor();
  // Signing out is no request to sign in again.
  expect(await dialog('Sign In').count()).toBe(0);
}

const profileValue = (name: string) => page.locator(`main [data-field="${name}"]`);

// ---- the dev mailbox --------------------------------------------------------------------------

async function mailbox(): Promise<DevMailMessage[]> {
  const res = await fetch(`${ctx.shop.url}/api/auth/dev/mailbox?format=json`);
  expect(res.status).toBe(200);
  return DevMailbox.parse(await res.json()).messages;
}

/**
 * The newest message to `to` with a link matching `link` that was not in the mailbox before.
 * Mail leaves through identity's outbox, so it may arrive a moment after the request: poll.
 */
async function waitForMail(to: string, link: RegExp, seenIds: ReadonlySet<string> = new Set()): Promise<{ message: DevMailMessage; url: string }> {
  const deadline = Date.now() + 15000;
  for (;;) {
    for (const message of await mailbox()) {
      if (seenIds.has(message.id) || message.to.toLowerCase() !== to.toLowerCase()) continue;
      const url = message.links.find((l) => link.test(l));
      if (url) return { message, url };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a link like ${link}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const idsIn = async () => new Set((await mailbox()).map((m) => m.id));

/** Links in mail must lead to the shop the customer uses (PUBLIC_ORIGIN), wherever it runs. */
function expectLinkToThisShop(url: string): void {
  expect(new URL(url).origin).toBe(new URL(ctx.shop.url).origin);
}
const RESET_LINK = /\/reset-password\?token=/;
const VERIFY_LINK = /\/account\?verify=/;

// ---- the tests --------------------------------------------------------------------------------

describe('creating an account', () => {
  it('signs the new customer in: success toast, dialog closed, menu trigger shows the first name', async () => {
    const customer = buildCustomer({ firstName: 'Marisol' });
    await signUp(customer);
    expect((await accountTrigger().innerText()).trim()).toBe('Marisol');
    await expect(headerButton('Sign In').count()).resolves.toBe(0);

    const menu = await openAccountMenu();
    await menu.getByText('My Account').waitFor();
    await menu.getByRole('menuitem', { name: 'Profile Settings' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Order History' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Admin Panel' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await page.waitForURL(/\/account$/);
    await profileValue('username').filter({ hasText: customer.username }).waitFor(SLOW);
  });

  it('labels the menu with the part of the e-mail before the @ when there is no first name', async () => {
    const customer = buildCustomer({ firstName: '' });
    await signUp(customer);
    expect((await accountTrigger().innerText()).trim()).toBe(customer.email.split('@')[0]);
  });

  it('keeps the dialog open with an Error toast when the server refuses, and switches to Sign In', async () => {
    const taken = buildCustomer();
    await registerThroughApi(taken);
    await goHomeAsGuest();
    await headerButton('Create Account').click();
    const form = dialog('Create Account');
    await field(form, 'Username *').fill(taken.username);
    await field(form, 'Email *').fill(`other.${taken.email}`);
    await field(form, 'Password *').fill('long enough password');
    await form.getByRole('button', { name: 'Create Account', exact: true }).click();
    const error = toasts().filter({ hasText: 'Error' });
    await error.waitFor();
    expect(await error.getAttribute('data-variant')).toBe('destructive');
    expect(await form.isVisible()).toBe(true);
    expect(await field(form, 'Username *').inputValue()).toBe(taken.username);

    await form.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    const signInForm = dialog('Sign In');
    await signInForm.waitFor();
    await signInForm.getByRole('button', { name: "Don't have an account? Create one" }).click();
    await dialog('Create Account').waitFor();
  });
});

describe('signing in and out', () => {
  it('signs in by username, and by e-mail once the address is confirmed, landing on /account each time, and signs out', async () => {
    const customer = buildCustomer({ firstName: 'Ingrid' });
    await registerThroughApi(customer);
    await goHomeAsGuest();

    // Not confirmed yet: the address is answered like any unknown name (decision 044).
    const refused = await submitSignIn(customer.email, customer.password);
    await toastWith('Invalid username or password').waitFor();
    await page.keyboard.press('Escape');
    await refused.waitFor({ state: 'hidden' });

    await signIn(customer.username, customer.password);
    await profileValue('email').filter({ hasText: customer.email }).waitFor(SLOW);
    expect((await accountTrigger().innerText()).trim()).toBe('Ingrid');
    await page.locator('main .acc-email').filter({ hasText: 'Until you confirm it, sign in with your username.' }).waitFor();
    // The link the registration mailed confirms it.
    await page.goto((await waitForMail(customer.email, VERIFY_LINK)).url);
    await toastWith('Email verified').waitFor(SLOW);
    await signOut();

    await signIn(customer.email.toUpperCase(), customer.password);
    await profileValue('username').filter({ hasText: customer.username }).waitFor(SLOW);
    await signOut();

    // Signed out for real: the account page sends the guest home again.
    await page.goto(ctx.shop.url + '/account');
    await page.waitForURL(ctx.shop.url + '/', SLOW);
  });

  it('shows a destructive Error toast and keeps the dialog open, fields filled, when sign-in fails', async () => {
    const customer = buildCustomer();
    await registerThroughApi(customer);
    await goHomeAsGuest();
    const form = await submitSignIn(customer.username, 'not the password');
    const error = toasts().filter({ hasText: 'Error' });
    await error.waitFor();
    expect(await error.getAttribute('data-variant')).toBe('destructive');
    expect(await error.locator('.pl-toast__title').innerText()).toBe('Error');
    expect(await form.isVisible()).toBe(true);
    expect(await field(form, 'Username or Email').inputValue()).toBe(customer.username);
    expect(await form.getByRole('button', { name: 'Sign In', exact: true }).isEnabled()).toBe(true);
    await expect(accountTrigger().count()).resolves.toBe(0);
  });

  it("'Forgot password?' closes the dialog and opens /forgot-password", async () => {
    await goHomeAsGuest();
    const form = await openSignIn();
    await form.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor(SLOW);
  });

  it('shows Admin Panel to an admin only, and not while on /admin', async () => {
    await goHomeAsGuest();
    await signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    await page.locator('main').getByRole('link', { name: 'Admin Panel' }).waitFor(SLOW);
    let menu = await openAccountMenu();
    await menu.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor(SLOW);
    menu = await openAccountMenu();
    await menu.getByRole('menuitem', { name: 'Profile Settings' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Admin Panel' }).count()).toBe(0);
  });

  it('keeps the account menu open when it is opened while the next page is still loading', async () => {
    // The order desk's remote is held back, so the router commits /admin only after the menu is open again.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { remotes } = (await (await fetch(ctx.shop.url + '/runtime/remotes.json')).json()) as { remotes: Array<{ name: string; entry: string }> };
    const desk = new URL(remotes.find((r) => r.name === 'mf_admin')!.entry).origin;
    await page.route((url) => url.origin === desk, async (route) => {
      await held;
      await route.continue();
    });
    await goHomeAsGuest();
    await signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
    let menu = await openAccountMenu();
    await menu.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await page.waitForURL(/\/admin$/);
    menu = await openAccountMenu();
    release();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor(SLOW);
    await page.waitForTimeout(200);
    expect(await menu.isVisible()).toBe(true);
  });
});

describe('password recovery', () => {
  it('forgot password → mailbox → reset link → new password signs in, the old one no longer does', async () => {
    const customer = buildCustomer();
    await registerThroughApi(customer);
    const seen = await idsIn();

    await page.goto(ctx.shop.url + '/forgot-password');
    await page.getByText("Enter your email address and we'll send you a link to reset your password.").waitFor(SLOW);
    await field(page, 'Email Address').fill(customer.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByText("If an account exists with that email, we've sent password reset instructions. Please check your inbox.")
      .waitFor();

    const { url } = await waitForMail(customer.email, RESET_LINK, seen);
    expectLinkToThisShop(url);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor(SLOW);
    await page.getByText('Enter your new password below.').waitFor();
    const newPassword = `${customer.password}-renewed`;
    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset successfully!').waitFor();
    await page.getByRole('link', { name: 'Go to Login' }).click();

    // /account is the login page the recovery screens link back to: a guest lands home with Sign In open.
    await page.waitForURL(ctx.shop.url + '/', SLOW);
    const form = dialog('Sign In');
    await form.waitFor(SLOW);
    await field(form, 'Username or Email').fill(customer.username);
    await field(form, 'Password').fill(customer.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toasts().filter({ hasText: 'Error' }).waitFor();
    await field(form, 'Password').fill(newPassword);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toastWith('Logged in successfully').waitFor();
    await page.waitForURL(/\/account$/);

    // The link works once.
    await page.goto(url);
    await field(page, 'New Password').fill('another password 1');
    await field(page, 'Confirm Password').fill('another password 1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.locator('main').getByRole('alert').waitFor();
    expect(await page.getByText('Your password has been reset successfully!').count()).toBe(0);
  });

  it('validates the forgot and reset forms with the spec messages', async () => {
    await page.goto(ctx.shop.url + '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor(SLOW);
    await field(page, 'Email Address').fill('not-an-address');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByRole('link', { name: 'Back to Login' }).waitFor();

    await page.goto(ctx.shop.url + '/reset-password');
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor(SLOW);
    await page.getByText('This password reset link is invalid. Please request a new one.').waitFor();
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await page.waitForURL(/\/forgot-password$/);

    await page.goto(ctx.shop.url + '/reset-password?token=made-up-token');
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor(SLOW);
    await field(page, 'New Password').fill('short');
    await field(page, 'Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await field(page, 'New Password').fill('long enough 1');
    await field(page, 'Confirm Password').fill('long enough 2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    expect(await page.getByText('Password must be at least 8 characters').count()).toBe(0);

    // A token the server does not know: its message (or the spec's fallback) under the form.
    await field(page, 'Confirm Password').fill('long enough 1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const failure = page.locator('main').getByRole('alert');
    await failure.waitFor();
    expect((await failure.innerText()).trim().length).toBeGreaterThan(0);
  });
});

describe('account page', () => {
  it('sends guests to / (with the Sign In dialog open)', async () => {
    await page.goto(ctx.shop.url + '/account');
    await page.waitForURL(ctx.shop.url + '/', SLOW);
    await dialog('Sign In').waitFor(SLOW);
    await page.goto(ctx.shop.url + '/account/orders');
    await page.waitForURL(ctx.shop.url + '/', SLOW);
  });

  it('shows the profile, an Unverified badge, zero orders, quick actions and the account status', async () => {
    const customer = buildCustomer({ lastName: '' });
    await registerThroughApi(customer);
    await goHomeAsGuest();
    await signIn(customer.username, customer.password);
    await profileValue('username').filter({ hasText: customer.username }).waitFor(SLOW);
    expect(await profileValue('firstName').innerText()).toBe(customer.firstName);
    expect(await profileValue('lastName').innerText()).toBe('Not provided');
    expect(await profileValue('email').innerText()).toBe(customer.email);
    expect(await profileValue('phone').innerText()).toBe(customer.phone);
    expect(await profileValue('memberSince').innerText()).not.toBe('Not provided');
    await page.locator('main [data-email-status="unverified"]').filter({ hasText: 'Unverified' }).waitFor();
    await page.getByRole('button', { name: 'Resend verification email' }).waitFor();
    await page.locator('main [data-total-orders]').filter({ hasText: /^0$/ }).waitFor();
    await page.locator('main [data-total-spent]').filter({ hasText: '$0.00' }).waitFor();
    await page.locator('main').getByText('Customer', { exact: true }).first().waitFor();
    await page.locator('main').getByText('Active', { exact: true }).first().waitFor();
    await page.locator('main').getByRole('link', { name: 'Continue Shopping' }).waitFor();
    expect(await page.locator('main').getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);

    await page.locator('main').getByRole('link', { name: 'Order History' }).click();
    await page.waitForURL(/\/account\/orders$/);
    await page.getByRole('heading', { name: 'No orders yet' }).waitFor(SLOW);
    await page.locator('main').getByRole('link', { name: 'Browse Products' }).click();
    await page.waitForURL(/\/products$/);
  });

  it('edits the profile: validation, save, and the new values after a reload', async () => {
    const customer = buildCustomer();
    await registerThroughApi(customer);
    await goHomeAsGuest();
    await signIn(customer.username, customer.password);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const form = dialog('Edit Profile');
    await form.waitFor();
    expect(await field(form, 'First Name').inputValue()).toBe(customer.firstName);

    await field(form, 'Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Please enter a valid email address').waitFor();

    const newEmail = `renamed.${customer.email}`;
    await field(form, 'Email').fill(newEmail);
    await field(form, 'First Name').fill('Rosalind');
    await field(form, 'Last Name').fill('');
    await field(form, 'Phone').fill('555-0199');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith('Profile updated').waitFor();
    await form.waitFor({ state: 'hidden' });
    await profileValue('firstName').filter({ hasText: 'Rosalind' }).waitFor();
    expect((await accountTrigger().innerText()).trim()).toBe('Rosalind');

    await page.reload();
    await profileValue('firstName').filter({ hasText: 'Rosalind' }).waitFor(SLOW);
    expect(await profileValue('lastName').innerText()).toBe('Not provided');
    expect(await profileValue('phone').innerText()).toBe('555-0199');
    expect(await profileValue('email').innerText()).toBe(newEmail);
    await page.locator('main [data-email-status="unverified"]').waitFor();
  });

  it('changes the password: validation, a wrong current password, then the new one signs in', async () => {
    const customer = buildCustomer();
    await registerThroughApi(customer);
    await goHomeAsGuest();
    await signIn(customer.username, customer.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    const form = dialog('Change Password');
    await form.waitFor();
    const submit = form.getByRole('button', { name: 'Change Password', exact: true });

    await field(form, 'Current Password').fill(customer.password);
    await field(form, 'New Password').fill('short');
    await field(form, 'Confirm Password').fill('short');
    await submit.click();
    await form.getByText('Password must be at least 8 characters').waitFor();
    const newPassword = `${customer.password}-changed`;
    await field(form, 'New Password').fill(newPassword);
    await field(form, 'Confirm Password').fill(`${newPassword}!`);
    await submit.click();
    await form.getByText("Passwords don't match").waitFor();

    await field(form, 'Current Password').fill('not my password');
    await field(form, 'Confirm Password').fill(newPassword);
    await submit.click();
    await form.getByRole('alert').waitFor();
    expect(await form.isVisible()).toBe(true);

    await field(form, 'Current Password').fill(customer.password);
    await submit.click();
    await toastWith('Password changed').waitFor();
    await form.waitFor({ state: 'hidden' });

    await signOut();
    await signIn(customer.username, newPassword);
  });

  it('verifies the e-mail address through the link in the mailbox', async () => {
    const customer = buildCustomer();
    await registerThroughApi(customer);
    await goHomeAsGuest();
    await signIn(customer.username, customer.password);
    await page.locator('main [data-email-status="unverified"]').waitFor(SLOW);
    const seen = await idsIn();

    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await toastWith('Verification email sent').waitFor();
    const { url } = await waitForMail(customer.email, VERIFY_LINK, seen);
    expectLinkToThisShop(url);
    await page.goto(url);
    await toastWith('Email verified').waitFor(SLOW);
    await page.locator('main [data-email-status="verified"]').filter({ hasText: 'Verified' }).waitFor(SLOW);
    // The spent token leaves the address bar.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByRole('button', { name: 'Resend verification email' }).count()).toBe(0);
  });
});
