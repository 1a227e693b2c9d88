import { useMemo } from 'react';
import { AgeBands, decimalToCents, type AgeBand, type InventoryValueReport, type MarkdownSavingsReport, type SalesPerDayReport, type SellThroughRow } from '@pl/contracts';
import { Card, CardContent, formatPrice, Link, Skeleton, useSearchParams } from '@pl/ui';
import { AccessDenied, useAdminAccess } from '../../../shared/components/admin-access.js';
import { useInventoryValueReport } from '../api/get-inventory-value-report.js';
import { useMarkdownSavingsReport } from '../api/get-markdown-savings-report.js';
import { useSalesReport } from '../api/get-sales-report.js';
import { useSellThroughReport } from '../api/get-sell-through-report.js';
import { dayLabel, percent, rangeOf } from '../utils/report-range.js';
import { ReportCard } from './report-card.js';
import { ReportRangeForm } from './report-range-form.js';

const cents = (decimal: string) => decimalToCents(decimal);
const BAND_NAMES: Record<AgeBand, string> = { draft: 'Not on sale yet', '0-30': '0–30 days', '31-60': '31–60 days', '61-90': '61–90 days', '90+': 'Over 90 days' };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * /admin/reports: what an owner looks at — sales per day, sell-through by grade and by age band,
 * what the stock is worth by age band, and what markdowns gave shoppers — for the days in the
 * address (?from=&to=, the last 30 by default), with the orders and inventory as CSV files.
 */
export function ReportsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = useMemo(() => rangeOf(searchParams), [searchParams]);
  const sales = useSalesReport(range);
  const sellThrough = useSellThroughReport(range);
  const value = useInventoryValueReport();
  const savings = useMarkdownSavingsReport(range);
  const refetches = [sales.refetch, sellThrough.refetch, value.refetch, savings.refetch];
  // The same days asked for again: the figures as they are now (sales made since the page opened).
  const applyRange = (next: { from: string; to: string }) => {
    if (next.from === range.from && next.to === range.to) for (const refetch of refetches) void refetch();
    else setSearchParams(next, { replace: true });
  };

  const access = useAdminAccess([sales, sellThrough, value, savings]);
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="the reports" />;

  const span = `${dayLabel(range.from, { month: 'short', day: 'numeric', year: 'numeric' })} to ${dayLabel(range.to, { month: 'short', day: 'numeric', year: 'numeric' })}`;
  return (
    <div className="pl-container pl-page adm-page adm-reports">
      <p className="adm-back">
        <Link to="/admin">Admin dashboard</Link>
      </p>
      <h1 className="pl-page__title">Reports</h1>
      <p className="pl-page__lead">How the shop is selling, {span}.</p>
      {access === 'checking' ? (
        <div className="adm-checking" aria-busy="true">
          <p className="pl-visually-hidden">Loading the reports...</p>
          <Skeleton style={{ height: '6rem' }} />
          <Skeleton style={{ height: '20rem' }} />
        </div>
      ) : (
        <div className="adm-layout">
          <Card>
            <CardContent>
              <ReportRangeForm range={range} onRange={applyRange} />
            </CardContent>
          </Card>
          <div className="adm-reports__grid">
            <ReportCard id="adm-report-sales" title="Sales per day" wide query={sales} {...salesView(sales.data)} />
            <ReportCard id="adm-report-sell-through-band" title="Sell-through by age" query={sellThrough} {...sellThroughView(sellThrough.data?.byAgeBand, 'age', (k) => BAND_NAMES[k as AgeBand] ?? k)} />
            <ReportCard id="adm-report-sell-through-grade" title="Sell-through by grade" query={sellThrough} {...sellThroughView(sellThrough.data?.byGrade, 'grade', (k) => k)} />
            <ReportCard id="adm-report-value" title="Inventory value by age" query={value} {...valueView(value.data)} />
            <ReportCard id="adm-report-savings" title="Markdown savings given" query={savings} {...savingsView(savings.data)} />
          </div>
        </div>
      )}
    </div>
  );
}

type View = Pick<Parameters<typeof ReportCard>[0], 'lead' | 'chart' | 'table'>;

function salesView(report: SalesPerDayReport | undefined): View {
  if (!report) return {};
  const { totals, days } = report;
  const best = days.reduce((top, d) => (cents(d.sales) > cents(top.sales) ? d : top), days[0]!);
  const lead =
    totals.orders === 0
      ? 'No orders on these days.'
      : `${formatPrice(totals.sales)} from ${plural(totals.orders, 'order')} (${plural(totals.units, 'unit')})${totals.testOrders ? `, ${totals.testOrders} of them test orders` : ''}.`;
  return {
    lead,
    chart: {
      labels: days.map((d) => dayLabel(d.date)),
      series: [{ label: 'Sales', values: days.map((d) => cents(d.sales)) }],
      unit: 'cents',
      summary: `Bar chart of sales per day. ${lead}${totals.orders ? ` Best day ${dayLabel(best.date)} with ${formatPrice(best.sales)}.` : ''}`,
    },
    table: {
      caption: 'Sales per day',
      head: ['Day', 'Orders', 'Units', 'Sales', 'Test orders'],
      rows: days.map((d) => [dayLabel(d.date, { weekday: 'short', month: 'short', day: 'numeric' }), d.orders, d.units, formatPrice(d.sales), d.testOrders]),
    },
  };
}

function sellThroughView(rows: readonly SellThroughRow[] | undefined, by: 'age' | 'grade', name: (key: string) => string): View {
  if (!rows) return {};
  const sold = rows.reduce((n, r) => n + r.sold, 0);
  const received = rows.reduce((n, r) => n + r.received, 0);
  const lead = received === 0 ? 'Nothing on sale or sold on these days.' : `${plural(sold, 'unit')} sold of ${received} received: ${percent(sold / received)}.`;
  return {
    lead,
    chart: {
      labels: rows.map((r) => name(r.key)),
      series: [{ label: 'Sell-through', values: rows.map((r) => (r.rate ?? 0) * 100) }],
      unit: 'percent',
      summary: `Bar chart of sell-through by ${by}: ${rows.map((r) => `${name(r.key)} ${percent(r.rate)}`).join(', ') || 'no listings'}.`,
    },
    table: {
      caption: `Sell-through by ${by}: units sold on these days over units received (sold plus on hand now)`,
      head: [by === 'age' ? 'Age on sale' : 'Grade', 'Sold', 'On hand', 'Received', 'Sell-through'],
      rows: rows.map((r) => [name(r.key), r.sold, r.onHand, r.received, percent(r.rate)]),
    },
  };
}

function valueView(report: InventoryValueReport | undefined): View {
  if (!report) return {};
  const { totals, bands } = report;
  const unknownCost = totals.unitsWithoutCost ? ` ${plural(totals.unitsWithoutCost, 'unit has', 'units have')} no known cost and ${totals.unitsWithoutCost === 1 ? 'is' : 'are'} left out of the cost.` : '';
  const lead = `${plural(totals.units, 'unit')} on hand: ${formatPrice(totals.cost)} at cost, ${formatPrice(totals.retail)} at retail, ${formatPrice(totals.price)} at today's prices.${unknownCost}`;
  const shown = bands.filter((b) => b.band !== 'draft' || b.units > 0);
  return {
    lead,
    chart: {
      labels: shown.map((b) => BAND_NAMES[b.band]),
      series: [
        { label: 'At cost', values: shown.map((b) => cents(b.cost)) },
        { label: 'At retail', values: shown.map((b) => cents(b.retail)) },
        { label: "At today's price", values: shown.map((b) => cents(b.price)) },
      ],
      unit: 'cents',
      summary: `Bar chart of inventory value by age on sale, at cost, at retail and at today's price. ${lead}`,
    },
    table: {
      caption: 'Inventory value by age on sale',
      head: ['Age on sale', 'Units', 'At cost', 'No known cost', 'At retail', "At today's price"],
      rows: AgeBands.map((band) => bands.find((b) => b.band === band)!).map((b) => [BAND_NAMES[b.band], b.units, formatPrice(b.cost), b.unitsWithoutCost, formatPrice(b.retail), formatPrice(b.price)]),
    },
  };
}

function savingsView(report: MarkdownSavingsReport | undefined): View {
  if (!report) return {};
  const { totals, days } = report;
  const lead =
    totals.units === 0
      ? `No units sold at a marked-down price on these days (${plural(totals.markdowns, 'markdown')} made).`
      : `Shoppers saved ${formatPrice(totals.saved)} on ${plural(totals.units, 'unit')} sold marked down (${plural(totals.markdowns, 'markdown')} made).`;
  return {
    lead,
    chart: {
      labels: days.map((d) => dayLabel(d.date)),
      series: [{ label: 'Saved', values: days.map((d) => cents(d.saved)) }],
      unit: 'cents',
      summary: `Bar chart of markdown savings per day. ${lead}`,
    },
    table: {
      caption: 'Markdown savings per day',
      head: ['Day', 'Units sold marked down', 'Saved'],
      rows: days.map((d) => [dayLabel(d.date, { weekday: 'short', month: 'short', day: 'numeric' }), d.units, formatPrice(d.saved)]),
    },
  };
}
