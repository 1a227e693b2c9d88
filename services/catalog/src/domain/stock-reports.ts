import {
  AgeBands,
  centsToDecimal,
  type InventoryValueReport,
  type MarkdownSavingsReport,
  type ReportRangeQuery,
  type SellThroughReport,
  type SellThroughRow,
} from '@pl/contracts';
import { sendCsv, type CsvCell, type Pool } from '@pl/service-kit';
import type { Response } from 'express';
import { inventoryExportPage, inventoryValueByBand, markdownSavings, sellThroughCounts, type SellThroughCounts } from '../db/reports.repo.js';

/** The age bands of listings on sale (a draft has sold nothing and is not counted in sell-through). */
const ON_SALE_BANDS = AgeBands.filter((band) => band !== 'draft');

const sellThroughRow = (key: string, sold: number, onHand: number): SellThroughRow => {
  const received = sold + onHand;
  return { key, sold, onHand, received, rate: received === 0 ? null : sold / received };
};

/** Sell-through = units sold in the range / units received (sold in the range + on hand now), by grade and by age band. */
export async function sellThroughReport(pool: Pool, range: ReportRangeQuery): Promise<SellThroughReport> {
  const counts = await sellThroughCounts(pool, range);
  const of = (dimension: SellThroughCounts['dimension']) => counts.filter((c) => c.dimension === dimension);
  const bands = new Map(of('band').map((c) => [c.key, c]));
  return {
    ...range,
    byGrade: of('grade').map((c) => sellThroughRow(c.key, c.sold, c.onHand)),
    byAgeBand: ON_SALE_BANDS.map((band) => sellThroughRow(band, bands.get(band)?.sold ?? 0, bands.get(band)?.onHand ?? 0)),
  };
}

/** What is on hand now by age band, every band present, with the totals. */
export async function inventoryValueReport(pool: Pool): Promise<InventoryValueReport> {
  const rows = new Map((await inventoryValueByBand(pool)).map((row) => [row.band, row]));
  const bands = AgeBands.map((band) => rows.get(band) ?? { band, units: 0, costCents: 0, unitsWithoutCost: 0, retailCents: 0, priceCents: 0 });
  const sum = (pick: (row: (typeof bands)[number]) => number) => bands.reduce((total, row) => total + pick(row), 0);
  const wire = (row: Omit<(typeof bands)[number], 'band'>) => ({
    units: row.units,
    cost: centsToDecimal(row.costCents),
    unitsWithoutCost: row.unitsWithoutCost,
    retail: centsToDecimal(row.retailCents),
    price: centsToDecimal(row.priceCents),
  });
  return {
    asOf: new Date().toISOString(),
    bands: bands.map((row) => ({ band: row.band, ...wire(row) })),
    totals: wire({
      units: sum((r) => r.units),
      costCents: sum((r) => r.costCents),
      unitsWithoutCost: sum((r) => r.unitsWithoutCost),
      retailCents: sum((r) => r.retailCents),
      priceCents: sum((r) => r.priceCents),
    }),
  };
}

export async function markdownSavingsReport(pool: Pool, range: ReportRangeQuery): Promise<MarkdownSavingsReport> {
  const { days, markdowns } = await markdownSavings(pool, range);
  return {
    ...range,
    days: days.map(({ date, units, savedCents }) => ({ date, units, saved: centsToDecimal(savedCents) })),
    totals: {
      units: days.reduce((n, d) => n + d.units, 0),
      saved: centsToDecimal(days.reduce((n, d) => n + d.savedCents, 0)),
      markdowns,
    },
  };
}

const EXPORT_PAGE = 1000;
const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

/** Every variant with its stock, prices and cost, read a page at a time while the client takes the file. */
async function* inventoryExportRows(pool: Pool): AsyncGenerator<CsvCell[]> {
  let after = '';
  for (;;) {
    const page = await inventoryExportPage(pool, after, EXPORT_PAGE);
    for (const r of page) {
      yield [r.sku, r.title, r.brand, r.categoryId, r.grade, r.band, r.publishedAt, money(r.priceCents), money(r.compareAtCents), money(r.unitCostCents), r.onHand, r.byLocation];
    }
    if (page.length < EXPORT_PAGE) return;
    after = page[page.length - 1]!.sku;
  }
}

const INVENTORY_COLUMNS = ['SKU', 'Title', 'Brand', 'Category', 'Grade', 'Age band', 'On sale since', 'Price', 'Retail', 'Unit cost', 'On hand', 'On hand by location'];

export function sendInventoryExport(pool: Pool, res: Response): Promise<void> {
  return sendCsv(res, `inventory-${new Date().toISOString().slice(0, 10)}.csv`, INVENTORY_COLUMNS, inventoryExportRows(pool));
}
