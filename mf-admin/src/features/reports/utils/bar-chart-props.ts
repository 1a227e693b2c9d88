/** What a bar chart is given (bar-chart.tsx draws it through bar-chart-canvas.tsx, loaded when needed). */
export interface BarChartProps {
  /** One label per bar group (a day, a grade, an age band). */
  labels: readonly string[];
  series: ReadonlyArray<{ label: string; values: readonly number[] }>;
  /** What the values are: cents (read "$1,200.00") or a percentage (0–100, read "40%"). */
  unit: 'cents' | 'percent';
  /** What the chart shows, in a sentence: the picture's accessible name. */
  summary: string;
}
