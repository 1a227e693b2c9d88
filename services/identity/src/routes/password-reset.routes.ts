import { Router } from 'express';
import { ApiPaths, ForgotPasswordPayload, ResetPasswordPayload } from '@pl/contracts';
import { parseInput } from '@pl/service-kit';
import { clientKeyOf } from '../domain/client-ip.js';
import type { IdentityContext } from '../domain/identity-context.js';
import { RESET_DONE, RESET_REQUESTED, requestPasswordReset, resetPassword } from '../domain/password-reset.js';

export function passwordResetRoutes(ctx: IdentityContext): Router {
  return Router()
    .post(ApiPaths.auth.forgotPassword, async (req, res) => {
      const { email } = parseInput(ForgotPasswordPayload, req.body);
      await requestPasswordReset(ctx, email, clientKeyOf(req, ctx.trustedProxy));
      res.json({ message: RESET_REQUESTED });
    })
    .post(ApiPaths.auth.resetPassword, async (req, res) => {
      const { token, password } = parseInput(ResetPasswordPayload, req.body);
      await resetPassword(ctx, { token, password, from: clientKeyOf(req, ctx.trustedProxy) });
      res.json({ message: RESET_DONE });
    });
}
