import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@pl/ui';
import { PanelError } from '../../../shared/components/panel-error.js';
import type { BarChartProps } from '../utils/bar-chart-props.js';
import { BarChart } from './bar-chart.js';

interface Props {
  id: string;
  title: string;
  /** The headline figures, in words (shown above the chart). */
  lead?: ReactNode;
  query: { isPending: boolean; error: unknown };
  chart?: BarChartProps;
  /** The chart's figures as a table: its accessible text alternative, and a way to read exact values. */
  table?: { caption: string; head: readonly string[]; rows: ReadonlyArray<readonly ReactNode[]> };
  wide?: boolean;
}

/** One report: a title, its figures in a sentence, the chart, and the same figures as a table. */
export function ReportCard({ id, title, lead, query, chart, table, wide }: Props) {
  const titleId = `${id}-title`;
  return (
    <Card className={wide ? 'adm-report adm-report--wide' : 'adm-report'} role="region" aria-labelledby={titleId} aria-busy={query.isPending || undefined}>
      <CardHeader>
        <CardTitle level={2} id={titleId}>
          {title}
        </CardTitle>
        {lead && <CardDescription>{lead}</CardDescription>}
      </CardHeader>
      <CardContent>
        {query.error ? (
          <PanelError what={title.toLowerCase()} error={query.error} />
        ) : !chart || !table ? (
          <Skeleton style={{ height: '16rem' }} />
        ) : (
          <>
            <BarChart {...chart} />
            <details className="adm-report__figures">
              <summary>Figures as a table</summary>
              <div className="adm-table-wrap">
                <table className="adm-table">
                  <caption className="pl-visually-hidden">{table.caption}</caption>
                  <thead>
                    <tr>
                      {table.head.map((h) => (
                        <th key={h} scope="col">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {table.rows.map((row, i) => (
                      <tr key={i}>
                        {row.map((cell, j) =>
                          j === 0 ? (
                            <th key={j} scope="row">
                              {cell}
                            </th>
                          ) : (
                            <td key={j}>{cell}</td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
