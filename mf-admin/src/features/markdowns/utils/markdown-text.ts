import { CategoryIds, type CategoryId, type ConditionGrade, type MarkdownChange, type MarkdownPreview, type MarkdownRule, type MarkdownRun, type MarkdownStep } from '@pl/contracts';
import { conditionBadgeLook } from '@pl/ui';

/** The catalog's categories as the form offers them: 'home-garden' → 'Home Garden'. */
export const categoryLabel = (id: string) =>
  id
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export const CATEGORY_OPTIONS: ReadonlyArray<{ value: CategoryId; label: string }> = CategoryIds.map((id) => ({ value: id, label: categoryLabel(id) }));

export const gradeLabel = (grade: string) => conditionBadgeLook(grade as ConditionGrade).label;

/** Which listings a rule is for: 'Gaming · Used', 'Gaming', 'Every listing'. */
export function scopeText(rule: Pick<MarkdownRule, 'category' | 'grade'>): string {
  const parts = [rule.category && categoryLabel(rule.category), rule.grade && gradeLabel(rule.grade)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Every listing';
}

/** '30 days on sale: 10% off', as the price history names the step (the catalog's reason). */
export const stepText = (step: Pick<MarkdownStep, 'days' | 'percentOff'>) => `${step.days} days on sale: ${step.percentOff}% off`;

/** A rule's floor: 'Never below 50% of retail or the unit cost', 'No floor'. */
export function floorText(rule: Pick<MarkdownRule, 'floorPercentOfRetail' | 'floorAtCost'>): string {
  const floors = [rule.floorPercentOfRetail !== null && `${rule.floorPercentOfRetail}% of retail`, rule.floorAtCost && 'the unit cost'].filter(Boolean);
  return floors.length > 0 ? `Never below ${floors.join(' or ')}` : 'No floor';
}

/** '1 price', '1,200 prices' */
export const pricesText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'price' : 'prices'}`;

/** A run's outcome: '3 prices changed', 'No price changed'. */
export const changedText = (n: number) => (n === 0 ? 'No price changed' : `${pricesText(n)} changed`);

/** What a run by hand came to: 'Run finished: 3 prices changed.' */
export const runOutcomeText = (n: number) => `Run finished: ${n === 0 ? 'no price changed' : changedText(n)}.`;

/** The preview's count line: how many prices the next run changes, and how many of them are listed. */
export function previewCountText(preview: Pick<MarkdownPreview, 'changes' | 'total'>): string {
  if (preview.total === 0) return 'The next run changes no prices.';
  if (preview.total > preview.changes.length) return `The next run changes ${pricesText(preview.total)}; the first ${preview.changes.length.toLocaleString('en-US')} are listed, oldest listings first.`;
  return `The next run changes ${pricesText(preview.total)}.`;
}

/** Why a price changes: the rule's step, and the floor when it stopped the step. */
export function whyText(change: Pick<MarkdownChange, 'stepDays' | 'percentOff' | 'floorHit'>): string {
  return `${stepText({ days: change.stepDays, percentOff: change.percentOff })}${change.floorHit ? ', held at the floor' : ''}`;
}

/** Who started a run: 'By Ada Admin', 'On schedule'. */
export const startedByText = (run: Pick<MarkdownRun, 'trigger' | 'startedByName'>) => (run.trigger === 'schedule' ? 'On schedule' : `By ${run.startedByName ?? 'an admin'}`);

/** How often the schedule runs: 'every 24 hours (daily)', 'every hour', 'every 30 minutes'. */
export function intervalText(hours: number): string {
  if (hours < 1) return `every ${Math.round(hours * 60)} minutes`;
  if (hours === 1) return 'every hour';
  const name = hours === 24 ? ' (daily)' : hours === 168 ? ' (weekly)' : '';
  return `every ${Number(hours.toFixed(2))} hours${name}`;
}
