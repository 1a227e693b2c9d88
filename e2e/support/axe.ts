// axe-core in the page: injected as an init script (the DevTools protocol runs it before the page's
// own scripts, past the shop's CSP, which rightly refuses inline scripts), then run on demand.
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** Selectors of the first few offending elements. */
  targets: string[];
}

export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

/** Every violation axe finds on the page as it is now (WCAG 2.x A/AA and best practices). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', help: v.help, targets: v.nodes.slice(0, 3).map((n) => String(n.target)) }));
  });
}

/**
 * What the suite fails on: serious and critical findings (the bar), and moderate ones too, since the
 * shop has none left (heading order, unique landmarks) and they should not come back.
 */
export const blocking = (findings: AxeFinding[]) => findings.filter((f) => f.impact === 'serious' || f.impact === 'critical' || f.impact === 'moderate');
