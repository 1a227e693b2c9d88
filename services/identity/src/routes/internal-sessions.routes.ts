// Identity's internal API for the gateway (behind INTERNAL_API_TOKEN, never routed from /api):
// sign-in, registration, session checks and logout. The gateway signs the JWT around the session
// id answered here and sets the cookie.
import { Router } from 'express';
import { z } from 'zod';
import { CreateSessionRequest, IdentityInternalPaths, RegisterRequest } from '@pl/contracts';
import { parseInput, withTransaction } from '@pl/service-kit';
import type { IdentityContext } from '../domain/identity-context.js';
import { register } from '../domain/register.js';
import { endSession, sessionState } from '../domain/sessions.js';
import { signIn } from '../domain/sign-in.js';

const SessionParams = z.object({ id: z.string().min(1).max(256) });
const ID = ':id';

export function internalSessionsRoutes(ctx: IdentityContext): Router {
  return Router()
    .post(IdentityInternalPaths.sessions, async (req, res) => {
      res.status(201).json(await signIn(ctx, parseInput(CreateSessionRequest, req.body)));
    })
    .post(IdentityInternalPaths.registrations, async (req, res) => {
      res.status(201).json(await register(ctx, parseInput(RegisterRequest, req.body)));
    })
    .get(IdentityInternalPaths.session(ID), async (req, res) => {
      res.set('cache-control', 'no-store').json(await sessionState(ctx.pool, parseInput(SessionParams, req.params).id));
    })
    .delete(IdentityInternalPaths.session(ID), async (req, res) => {
      const { id } = parseInput(SessionParams, req.params);
      await withTransaction(ctx.pool, (client) => endSession(client, id));
      res.status(204).end();
    });
}
