// The intake desk's wire values without a schema (decision 025): photo limits, the inspection
// checklists per category and the work queue's names. Schemas are in intake.ts.

/** The most photos one listing may have. */
export const MAX_PHOTOS_PER_PRODUCT = 12;
/** The largest upload the catalog reads (a phone's photo is 2–8 MB; a 48 MP HEIC/JPEG stays below). */
export const MAX_PHOTO_UPLOAD_BYTES = 25 * 1024 * 1024;
/** The most pixels a photo may decode to: more is a decompression bomb, not a photo (a 48 MP phone is 48 M). */
export const MAX_PHOTO_INPUT_PIXELS = 100_000_000;
/**
 * Widths a photo is served at (never wider than the upload), for `srcset`. 960 is for phones: a
 * product page's photo at 375 px is 343 px wide, 686 device pixels at 2×, which 640 is too small for
 * and 1280 twice too large (the first image's bytes: issue 29 asks ≤ 100 KB).
 */
export const PHOTO_WIDTHS = [320, 640, 960, 1280, 2048] as const;
/** Content types an upload may say it is; its bytes decide (a PNG named .jpg is read as the PNG it is). */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif'] as const;
/** The longest alt text a photo may have. */
export const PHOTO_ALT_MAX = 300;

/** The work queue's lists: what needs the desk's attention ('drafts': listings from a manifest, not shown to shoppers until published). */
export const IntakeQueues = ['all', 'drafts', 'no_photos', 'not_inspected', 'stale'] as const;
/** An inspection older than this many days puts a listing in the 'stale' queue (INTAKE_STALE_DAYS). */
export const INTAKE_STALE_DAYS_DEFAULT = 90;

/**
 * One line of an inspection checklist. `check`: passed, failed or does not apply; `percent`: a
 * reading such as battery health (0–100); `text`: what the inspector writes (accessories, flaws).
 * `report` is how the shopper's report names it ('Tested: powers on, screen, Wi-Fi').
 */
export interface ChecklistItem {
  key: string;
  label: string;
  kind: 'check' | 'percent' | 'text';
  report: string;
}

const powersOn: ChecklistItem = { key: 'powers_on', label: 'Powers on', kind: 'check', report: 'powers on' };
const complete: ChecklistItem = { key: 'parts_complete', label: 'All parts present', kind: 'check', report: 'all parts present' };
const works: ChecklistItem = { key: 'works', label: 'Works as intended', kind: 'check', report: 'works as intended' };
const accessories: ChecklistItem = { key: 'accessories', label: 'Accessories included', kind: 'text', report: 'includes' };
const flaws: ChecklistItem = { key: 'flaws', label: 'Flaws', kind: 'text', report: 'flaws' };

/** The checklist of each category (category ids as in CategoryIds). */
export const InspectionChecklists: Readonly<Record<string, readonly ChecklistItem[]>> = {
  electronics: [
    powersOn,
    { key: 'screen', label: 'Screen: no dead pixels or cracks', kind: 'check', report: 'screen' },
    { key: 'ports', label: 'Ports and buttons work', kind: 'check', report: 'ports' },
    { key: 'wifi', label: 'Wi-Fi connects', kind: 'check', report: 'Wi-Fi' },
    { key: 'battery_health', label: 'Battery health %', kind: 'percent', report: 'battery health' },
    accessories,
  ],
  'mobile-devices': [
    powersOn,
    { key: 'screen', label: 'Screen and touch work', kind: 'check', report: 'screen' },
    { key: 'cameras', label: 'Cameras work', kind: 'check', report: 'cameras' },
    { key: 'unlocked', label: 'No activation lock, reset to factory settings', kind: 'check', report: 'unlocked' },
    { key: 'battery_health', label: 'Battery health %', kind: 'percent', report: 'battery health' },
    accessories,
  ],
  gaming: [
    powersOn,
    { key: 'controllers', label: 'Controllers pair and work', kind: 'check', report: 'controllers' },
    { key: 'reads_games', label: 'Reads games', kind: 'check', report: 'reads games' },
    { key: 'reset', label: 'Reset, no account signed in', kind: 'check', report: 'reset' },
    accessories,
  ],
  'home-garden': [works, complete, { key: 'safety', label: 'Cords, plugs and guards intact', kind: 'check', report: 'cords and guards' }, accessories, flaws],
  automotive: [complete, { key: 'fits', label: 'Fitment checked', kind: 'check', report: 'fitment' }, works, flaws],
  'sports-outdoors': [complete, { key: 'structure', label: 'Frame and structure sound', kind: 'check', report: 'frame' }, works, flaws],
  clothing: [
    { key: 'tags_attached', label: 'Tags attached', kind: 'check', report: 'tags attached' },
    { key: 'size_checked', label: 'Size checked against the label', kind: 'check', report: 'size checked' },
    { key: 'clean', label: 'Clean, no odour', kind: 'check', report: 'clean' },
    flaws,
  ],
  general: [works, complete, accessories, flaws],
};

/** A category's checklist (the general one for a category without its own). */
export function checklistOf(categoryId: string): readonly ChecklistItem[] {
  return InspectionChecklists[categoryId] ?? InspectionChecklists.general!;
}

/** Who inspected, as a shopper is told: the inspector's first name, else this. */
export const INSPECTOR_FALLBACK_NAME = 'our team';
