import { z } from './zod-config.js';
import { ErrorCodes } from './errors.js';
import { DeviceCookie } from './http.js';
import { multiLineText, oneLineText } from './text.js';

export const Customer = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  emailVerifiedAt: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
});
export type Customer = z.infer<typeof Customer>;

/** How a customer is named to staff (the audit log's "who"): first and last name, else the user name. */
export const displayNameOf = (customer: Pick<Customer, 'firstName' | 'lastName' | 'username'>): string =>
  [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim().slice(0, 200) || customer.username.slice(0, 200);

/**
 * A password being checked: any text up to 1,024 characters (argon2's input stays bounded), so a
 * password set before decision 043 that holds a tab still signs in; never a NUL or another control.
 */
const GivenPassword = multiLineText(1024).min(1);

export const LoginPayload = z.strictObject({
  usernameOrEmail: oneLineText(254).min(1),
  password: GivenPassword,
});
export type LoginPayload = z.infer<typeof LoginPayload>;

/** Spec §9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 8;
/** A new password: one line of any other characters (odd Unicode is fine), 8 to 1,024 of them. */
const Password = oneLineText(1024).min(MIN_PASSWORD_LENGTH);

export const RegisterPayload = z.strictObject({
  username: oneLineText(64).min(1),
  email: z.email().max(254),
  password: Password,
  firstName: oneLineText(100).optional().nullable(),
  lastName: oneLineText(100).optional().nullable(),
  phone: oneLineText(40).optional().nullable(),
});
export type RegisterPayload = z.infer<typeof RegisterPayload>;

export const ForgotPasswordPayload = z.strictObject({ email: z.email().max(254) });
export const ResetPasswordPayload = z.strictObject({ token: oneLineText(256).min(1), password: Password });

export const UpdateProfilePayload = z.strictObject({
  firstName: oneLineText(100, { trim: true }).nullable().optional(),
  lastName: oneLineText(100, { trim: true }).nullable().optional(),
  phone: oneLineText(40, { trim: true }).nullable().optional(),
  email: z.email().max(254).optional(),
});
export type UpdateProfilePayload = z.infer<typeof UpdateProfilePayload>;

export const ChangePasswordPayload = z.strictObject({
  currentPassword: GivenPassword,
  newPassword: Password,
});
export const VerifyEmailPayload = z.strictObject({ token: oneLineText(256).min(1) });

/**
 * Identity's internal API, called by the gateway only (Bearer INTERNAL_API_TOKEN): it checks
 * credentials and keeps the server-side sessions; the gateway signs the JWT and sets the cookie.
 * `previousSubject` is the guest subject of the browser signing in, so the cart can merge.
 * `client` carries what rate limits need (the gateway's view of the client address).
 */
export const IdentityInternalPaths = {
  sessions: '/internal/sessions',
  session: (id: string) => `/internal/sessions/${id}`,
  registrations: '/internal/registrations',
} as const;

export const ClientInfo = z.object({
  ip: z.string().max(64),
  userAgent: z.string().max(512).optional(),
  /** The gateway's device cookie, when the browser has one (DeviceCookie). */
  deviceId: z.string().regex(DeviceCookie.pattern).optional(),
});

export const CreateSessionRequest = z.strictObject({
  usernameOrEmail: LoginPayload.shape.usernameOrEmail,
  password: GivenPassword,
  previousSubject: z.string().max(128).optional(),
  client: ClientInfo,
});
export const RegisterRequest = z.strictObject({
  registration: RegisterPayload,
  previousSubject: z.string().max(128).optional(),
  client: ClientInfo,
});
/** What identity answers a successful sign-in or registration with. */
export const SessionGrant = z.object({
  customer: Customer,
  session: z.object({ id: z.string(), expiresAt: z.string() }),
});
export type SessionGrant = z.infer<typeof SessionGrant>;
/** GET of a session: is it still valid, and for whom. */
export const SessionState = z.object({ active: z.boolean(), customerId: z.string().nullable(), isAdmin: z.boolean() });
export type SessionState = z.infer<typeof SessionState>;

/** Identity's domain events (NATS, through its outbox). */
export const IdentitySubjects = {
  /** data: { customerId, previousSubject | null } — the cart merges the guest cart. */
  signedIn: 'customer.signed-in',
  /** data: { sessionIds } — gateways drop them from their session cache at once. */
  sessionsRevoked: 'customer.sessions-revoked',
} as const;
export const CustomerSignedInData = z.object({ customerId: z.string(), previousSubject: z.string().nullable() });
export const SessionsRevokedData = z.object({ customerId: z.string(), sessionIds: z.array(z.string()) });

/** The body of every 429: how long to wait, also sent as the Retry-After header. */
export const RateLimitedBody = z.object({ message: z.string(), code: z.literal(ErrorCodes.rateLimited), retryAfterSeconds: z.number().int().positive() });
export type RateLimitedBody = z.infer<typeof RateLimitedBody>;

/**
 * The pages identity's e-mails link to (under PUBLIC_ORIGIN). The shell routes /reset-password to
 * the account remote's reset page; the account page reads `?verify=<token>` and posts it to
 * ApiPaths.auth.verifyEmail.
 */
export const EmailLinks = {
  resetPassword: (token: string) => `/reset-password?token=${encodeURIComponent(token)}`,
  verifyEmail: (token: string) => `/account?verify=${encodeURIComponent(token)}`,
  verifyEmailParam: 'verify',
  /** Where a customer asks for a reset link (the notice to an address someone else used points there). */
  forgotPassword: '/forgot-password',
} as const;

/** `GET ApiPaths.auth.devMailbox?format=json` (development only): mail the shop "sent", newest first. */
export const DevMailMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Every link in the message, in order (reset and verification links). */
  links: z.array(z.string()),
  sentAt: z.string(),
});
export type DevMailMessage = z.infer<typeof DevMailMessage>;
export const DevMailbox = z.object({ messages: z.array(DevMailMessage) });
export type DevMailbox = z.infer<typeof DevMailbox>;
