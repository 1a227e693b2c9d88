import { Router } from 'express';
import { z } from 'zod';
import { CatalogInternalPaths, CommitHoldRequest, CreateHoldRequest, ExtendHoldRequest, LookupHoldsRequest } from '@pl/contracts';
import { parseInput, type Pool } from '@pl/service-kit';
import { commitHold, createHold, extendHold, getHold, lookupHolds, releaseHold } from '../domain/holds.js';

const HoldParams = z.object({ id: z.guid('Hold id must be a UUID') });
/** Release takes no fields; an empty JSON object is fine too. */
const ReleaseHoldRequest = z.strictObject({}).optional();
const ID = ':id';

/** The cart's reservations (internal API, behind INTERNAL_API_TOKEN). */
export function holdsRoutes(pool: Pool): Router {
  return Router()
    .post(CatalogInternalPaths.holds, async (req, res) => {
      res.status(201).json(await createHold(pool, parseInput(CreateHoldRequest, req.body)));
    })
    .post(CatalogInternalPaths.holdsLookup, async (req, res) => {
      res.json({ holds: await lookupHolds(pool, parseInput(LookupHoldsRequest, req.body).ids) });
    })
    .get(CatalogInternalPaths.hold(ID), async (req, res) => {
      res.json(await getHold(pool, parseInput(HoldParams, req.params).id));
    })
    .post(CatalogInternalPaths.releaseHold(ID), async (req, res) => {
      const { id } = parseInput(HoldParams, req.params);
      parseInput(ReleaseHoldRequest, req.body);
      res.json(await releaseHold(pool, id));
    })
    .post(CatalogInternalPaths.extendHold(ID), async (req, res) => {
      const { id } = parseInput(HoldParams, req.params);
      res.json(await extendHold(pool, id, parseInput(ExtendHoldRequest, req.body).ttlSeconds));
    })
    .post(CatalogInternalPaths.commitHold(ID), async (req, res) => {
      const { id } = parseInput(HoldParams, req.params);
      res.json(await commitHold(pool, id, parseInput(CommitHoldRequest, req.body).orderId));
    });
}
