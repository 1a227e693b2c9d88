import { Router } from 'express';
import { ApiPaths, ChangePasswordPayload, UpdateProfilePayload } from '@pl/contracts';
import { parseInput } from '@pl/service-kit';
import { changePassword, PASSWORD_CHANGED, updateProfile } from '../domain/account-settings.js';
import type { IdentityContext } from '../domain/identity-context.js';
import { accountOf, requireActiveSession } from './require-session.js';

export function accountSettingsRoutes(ctx: IdentityContext): Router {
  const signedIn = requireActiveSession(ctx.pool);
  return Router()
    .patch(ApiPaths.auth.profile, signedIn, async (req, res) => {
      const payload = parseInput(UpdateProfilePayload, req.body);
      res.json(await updateProfile(ctx, accountOf(req).customerId, payload));
    })
    .post(ApiPaths.auth.changePassword, signedIn, async (req, res) => {
      const { currentPassword, newPassword } = parseInput(ChangePasswordPayload, req.body);
      const { customerId, sessionId } = accountOf(req);
      await changePassword(ctx, { customerId, sessionId, currentPassword, newPassword });
      res.json({ message: PASSWORD_CHANGED });
    });
}
