// The owner's reports (issue 30, decision 053): each service answers for the data it owns, the
// admin remote draws them. Money is a decimal string, a rate a number between 0 and 1.
import { z } from 'zod';
import { DecimalString } from './catalog.js';

/** The longest range a report or an export takes, in days. */
export const REPORT_RANGE_MAX_DAYS = 366;
/** The age bands of a listing on sale, in days since it was published; 'draft': not on sale yet. */
export const AgeBands = ['draft', '0-30', '31-60', '61-90', '90+'] as const;
export const AgeBand = z.enum(AgeBands);
export type AgeBand = z.infer<typeof AgeBand>;

const DAY_MS = 86_400_000;
const isTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/**
 * The days a report covers, both included, as calendar days in `timeZone` (the admin's browser's
 * IANA zone, so a sale at 8 pm counts on the day the store saw it; UTC when absent).
 */
export const ReportRangeQuery = z
  .strictObject({
    from: z.iso.date(),
    to: z.iso.date(),
    timeZone: z.string().max(64).regex(/^[A-Za-z][\w+/-]*$/, 'an IANA time zone such as America/New_York').refine(isTimeZone, 'an IANA time zone such as America/New_York').default('UTC'),
  })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['from'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / DAY_MS < REPORT_RANGE_MAX_DAYS, {
    message: `a range of at most ${REPORT_RANGE_MAX_DAYS} days`,
    path: ['to'],
  });
export type ReportRangeQuery = z.infer<typeof ReportRangeQuery>;

const Range = { from: z.iso.date(), to: z.iso.date(), timeZone: z.string() };

/** GET /api/admin/reports/sales (cart): orders placed per day, every day of the range present. */
export const SalesPerDayReport = z.object({
  ...Range,
  days: z.array(
    z.object({
      date: z.iso.date(),
      orders: z.number().int(),
      units: z.number().int(),
      /** What the goods sold for (the orders' subtotals: before tax and shipping). */
      sales: DecimalString,
      /** Of `orders`, those paid in test mode (no money taken, decision 042). */
      testOrders: z.number().int(),
    }),
  ),
  totals: z.object({ orders: z.number().int(), units: z.number().int(), sales: DecimalString, testOrders: z.number().int() }),
});
export type SalesPerDayReport = z.infer<typeof SalesPerDayReport>;

/** Units sold in the range against units received (sold in the range plus on hand now). */
export const SellThroughRow = z.object({
  key: z.string(),
  sold: z.number().int(),
  onHand: z.number().int(),
  received: z.number().int(),
  /** sold / received; null when nothing was received. */
  rate: z.number().min(0).max(1).nullable(),
});
export type SellThroughRow = z.infer<typeof SellThroughRow>;
/** GET /api/admin/reports/sell-through (catalog): by condition grade and by age band (listings on sale). */
export const SellThroughReport = z.object({ ...Range, byGrade: z.array(SellThroughRow), byAgeBand: z.array(SellThroughRow) });
export type SellThroughReport = z.infer<typeof SellThroughReport>;

const InventoryValueRow = z.object({
  units: z.number().int(),
  /** Units × unit cost, over the units whose cost is known. */
  cost: DecimalString,
  unitsWithoutCost: z.number().int(),
  /** Units × retail (the listing's compare-at price, its price when it has none). */
  retail: DecimalString,
  /** Units × the price they are on sale at now. */
  price: DecimalString,
});
/** GET /api/admin/reports/inventory-value (catalog): what is on hand now, by age band; every band present. */
export const InventoryValueReport = z.object({
  asOf: z.string(),
  bands: z.array(InventoryValueRow.extend({ band: AgeBand })),
  totals: InventoryValueRow,
});
export type InventoryValueReport = z.infer<typeof InventoryValueReport>;

/** GET /api/admin/reports/markdown-savings (catalog): what shoppers saved on units sold at a marked-down price. */
export const MarkdownSavingsReport = z.object({
  ...Range,
  days: z.array(z.object({ date: z.iso.date(), units: z.number().int(), saved: DecimalString })),
  totals: z.object({
    units: z.number().int(),
    saved: DecimalString,
    /** Markdown price changes made in the range. */
    markdowns: z.number().int(),
  }),
});
export type MarkdownSavingsReport = z.infer<typeof MarkdownSavingsReport>;

/** The query of the reports on what is on hand now (inventory value, inventory export): none. */
export const CurrentStockQuery = z.strictObject({});
