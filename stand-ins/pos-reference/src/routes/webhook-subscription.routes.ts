import { Router } from 'express';
import type { WebhookSubscriptions } from '../store/webhook-subscriptions.js';
import { parseInput, SubscriptionBody } from './schemas.js';

export function webhookSubscriptionRoutes(subscriptions: WebhookSubscriptions): Router {
  return Router()
    .put('/v1/webhook-subscription', (req, res) => {
      const { url } = parseInput(SubscriptionBody, req.body, 'subscription');
      res.json({ subscription: subscriptions.subscribe(url) });
    })
    .delete('/v1/webhook-subscription', (req, res) => {
      const { url } = parseInput(SubscriptionBody, req.body, 'subscription');
      subscriptions.unsubscribe(url);
      res.status(204).end();
    });
}
