// Where each remote's Module Federation manifest lives right now. The shell reads this at page
// load, so pointing a remote at a new deployment is a config change and a gateway restart, never a
// shell rebuild.
import { Router } from 'express';
import { REMOTES_CONFIG_PATH, RemotesConfig } from '@pl/contracts';

export function runtimeConfigRoutes(remotes: RemotesConfig['remotes']): Router {
  const body = RemotesConfig.parse({ remotes });
  const router = Router();
  router.get(REMOTES_CONFIG_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(body);
  });
  return router;
}
