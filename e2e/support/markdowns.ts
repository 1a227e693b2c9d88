// A markdown run by hand as the admin's page asks for it: the request answers at once (202, the
// run waiting) and the run is done in the background (decision 060); the runs list tells its end.
import type { Page } from 'playwright-core';
import { ApiPaths, MarkdownRun, MarkdownRunList } from '@pl/contracts';
import { apiFrom, waitUntil } from './orders.js';

export async function runMarkdownsByHand(admin: Page): Promise<MarkdownRun> {
  const asked = await apiFrom<unknown>(admin, 'POST', ApiPaths.catalog.markdownRuns);
  expect(asked.status).toBe(202);
  const runId = MarkdownRun.parse(asked.body).id;
  let run: MarkdownRun | undefined;
  await waitUntil(async () => {
    run = MarkdownRunList.parse((await apiFrom<unknown>(admin, 'GET', ApiPaths.catalog.markdownRuns)).body).runs.find((r) => r.id === runId && r.finishedAt !== null);
    return run !== undefined;
  }, 'the markdown run to finish', 30_000);
  expect(run!.error).toBeNull();
  return run!;
}
