// The one module that imports chart.js: loaded only when a report draws (bar-chart.tsx), so neither
// the admin dashboard nor the reports page's first view carries the library (decision 053).
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { formatPrice } from '@pl/ui';
import type { BarChartProps } from '../utils/bar-chart-props.js';

// Only what a bar chart needs, so the rest of chart.js stays out of the chunk.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/**
 * Bar colours, each at least 3:1 against the white card (WCAG 1.4.11) and told apart by more than
 * hue alone: the legend and the table below name every series.
 */
const COLOURS = ['#1d4ed8', '#b45309', '#047857'];

const FORMATS: Record<BarChartProps['unit'], (value: number) => string> = {
  cents: (value) => formatPrice(Math.round(value)),
  percent: (value) => `${Number(value.toFixed(1))}%`,
};
/**
 * The axis of each unit: whole cents, at least a dollar high (a range with no sales reads $0 to $1,
 * not fractions of a cent); percentages from 0 to 100.
 */
const AXES: Record<BarChartProps['unit'], { max?: number; suggestedMax?: number; precision: number }> = {
  cents: { suggestedMax: 100, precision: 0 },
  percent: { max: 100, precision: 0 },
};

export default function BarChartCanvas({ labels, series, unit, summary }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);

  useEffect(() => {
    const format = FORMATS[unit];
    const { precision, ...range } = AXES[unit];
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    chart.current = new Chart(canvas.current!, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reduceMotion ? false : { duration: 250 },
        plugins: {
          legend: { display: false, position: 'bottom' },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(item.parsed.y ?? 0)}` } },
        },
        scales: { y: { beginAtZero: true, ...range, ticks: { precision, callback: (value) => format(Number(value)) } } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [unit]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.labels = [...labels];
    c.data.datasets = series.map((s, i) => ({ label: s.label, data: [...s.values], backgroundColor: COLOURS[i % COLOURS.length], borderRadius: 2, maxBarThickness: 48 }));
    c.options.plugins!.legend!.display = series.length > 1;
    c.update();
  }, [labels, series]);

  // The picture is named by its summary; the figures themselves are in the table beside it.
  return <canvas ref={canvas} role="img" aria-label={summary} />;
}
