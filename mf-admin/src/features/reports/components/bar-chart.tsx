import { lazy, Suspense } from 'react';
import { Skeleton } from '@pl/ui';

import type { BarChartProps } from '../utils/bar-chart-props.js';

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
