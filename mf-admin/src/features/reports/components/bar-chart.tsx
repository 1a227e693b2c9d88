import { lazy, Suspense } from 'react';
import { Skeleton } from '@pl/ui';

export interface BarChartProps {
  /** One label per bar group (a day, a grade, an age band). */
  labels: readonly string[];
  series: ReadonlyArray<{ label: string; values: readonly number[] }>;
  /** What the values are: cents (read "$1,200.00") or a percentage (0–100, read "40%"). */
  unit: 'cents' | 'percent';
  /** What the chart shows, in a sentence: the picture's accessible name. */
  summary: string;
}

// chart.js arrives with the first chart drawn, never with the page's first view (decision 053).
const BarChartCanvas = lazy(() => import('./bar-chart-canvas.js'));

export function BarChart(props: BarChartProps) {
  return (
    <div className="adm-chart">
      <Suspense fallback={<Skeleton style={{ height: '100%' }} />}>
        <BarChartCanvas {...props} />
      </Suspense>
    </div>
  );
}
