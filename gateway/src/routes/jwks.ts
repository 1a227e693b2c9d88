// The public half of the gateway's signing key, for services verifying forwarded tokens
// (jose createRemoteJWKSet). Only public members are listed, never the private scalar `d`.
import { Router } from 'express';
import { Jwt } from '@pl/contracts';
import type { SigningKeys } from '../auth/keys.js';

export function jwksRoutes(keys: SigningKeys): Router {
  const { kty, crv, x, kid, alg, use } = keys.publicJwk;
  const body = { keys: [{ kty, crv, x, kid, alg, use }] };
  const router = Router();
  router.get(Jwt.jwksPath, (_req, res) => {
    // Short cache: services refetch on an unknown kid anyway, and a rotation should spread fast.
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(body);
  });
  return router;
}
