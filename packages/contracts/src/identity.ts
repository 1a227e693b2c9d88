import { z } from 'zod';

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

export const LoginPayload = z.strictObject({
  usernameOrEmail: z.string().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type LoginPayload = z.infer<typeof LoginPayload>;

export const RegisterPayload = z.strictObject({
  username: z.string().min(1).max(64),
  email: z.email().max(254),
  password: z.string().min(8).max(1024),
  firstName: z.string().max(100).optional().nullable(),
  lastName: z.string().max(100).optional().nullable(),
  phone: z.string().max(40).optional().nullable(),
});
export type RegisterPayload = z.infer<typeof RegisterPayload>;

export const ForgotPasswordPayload = z.strictObject({ email: z.email().max(254) });
export const ResetPasswordPayload = z.strictObject({ token: z.string().min(1).max(256), password: z.string().min(8).max(1024) });

/** Spec §9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 8;
