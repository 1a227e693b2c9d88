import { Router } from 'express';
import { z } from 'zod';
import { ApiPaths, VerifyEmailPayload } from '@pl/contracts';
import { parseInput } from '@pl/service-kit';
import { clientKeyOf } from '../domain/client-ip.js';
import { ALREADY_VERIFIED, EMAIL_VERIFIED, resendVerification, VERIFICATION_SENT, verifyEmail } from '../domain/email-verification.js';
import type { IdentityContext } from '../domain/identity-context.js';
import { accountOf, requireActiveSession } from './require-session.js';

/** Resend takes no fields; an empty JSON object is fine too. */
const ResendVerificationPayload = z.strictObject({}).optional();

export function emailVerificationRoutes(ctx: IdentityContext): Router {
  return Router()
    .post(ApiPaths.auth.verifyEmail, async (req, res) => {
      const { token } = parseInput(VerifyEmailPayload, req.body);
      await verifyEmail(ctx, token, clientKeyOf(req, ctx.trustedProxy));
      res.json({ message: EMAIL_VERIFIED });
    })
    .post(ApiPaths.auth.resendVerification, requireActiveSession(ctx.pool), async (req, res) => {
      parseInput(ResendVerificationPayload, req.body);
      const outcome = await resendVerification(ctx, accountOf(req).customerId);
      res.json({ message: outcome === 'sent' ? VERIFICATION_SENT : ALREADY_VERIFIED });
    });
}
