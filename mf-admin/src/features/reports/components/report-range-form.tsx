import { useEffect, useState, type FormEvent } from 'react';
import type { ReportRangeQuery } from '@pl/contracts';
import { Button, buttonClass, FormField } from '@pl/ui';
import { exportLinks, rangeProblem } from '../utils/report-range.js';

interface Props {
  range: ReportRangeQuery;
  onRange: (range: { from: string; to: string }) => void;
}

/** The days the reports cover, and the two CSV files (the orders of those days, the inventory now). */
export function ReportRangeForm({ range, onRange }: Props) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  useEffect(() => {
    setFrom(range.from);
    setTo(range.to);
  }, [range.from, range.to]);
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(from, to);
    setProblem(found);
    if (found) document.getElementById(`adm-report-${found.field}`)?.focus();
    else onRange({ from, to });
  };
  const links = exportLinks(range);

  return (
    <div className="adm-report-range">
      <form className="adm-report-range__form" aria-label="Report dates" onSubmit={submit} noValidate>
        <FormField id="adm-report-from" label="From" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} error={problem?.field === 'from' ? problem.message : undefined} />
        <FormField id="adm-report-to" label="To" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} error={problem?.field === 'to' ? problem.message : undefined} />
        <Button type="submit">Show reports</Button>
      </form>
      <div className="adm-report-range__exports" role="group" aria-label="Download as CSV">
        <a className={buttonClass({ variant: 'outline' })} href={links.orders} download>
          Download orders (CSV)
        </a>
        <a className={buttonClass({ variant: 'outline' })} href={links.inventory} download>
          Download inventory (CSV)
        </a>
      </div>
      <p className="adm-hint">Days are counted in your time zone ({range.timeZone}). The orders file has the orders placed on these days; the inventory file is the stock as it is now.</p>
    </div>
  );
}
