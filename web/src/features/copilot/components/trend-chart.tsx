import { BarChartByYear } from '../../../components/ui/bar-chart-by-year.tsx';
import type { CopilotAnswer } from '../api/ask-copilot.ts';

type Chart = NonNullable<CopilotAnswer['chart']>;

/** A trend answer's figure by fiscal year: every bar is a figure the answer cites, labelled as the footnotes write it. */
export function TrendChart({ chart }: { chart: Chart }) {
  return (
    <figure className="mt-3">
      <BarChartByYear label={chart.label} unit={chart.unit} points={chart.points} testId="copilot-trend-chart" />
      <figcaption className="text-xs text-fg-muted">{chart.label} by fiscal year (the figures cited above)</figcaption>
    </figure>
  );
}
