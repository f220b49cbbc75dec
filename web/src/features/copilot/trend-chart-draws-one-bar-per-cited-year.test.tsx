import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TrendChart } from './components/trend-chart.tsx';

describe('the copilot trend chart', () => {
  it('MSFT free cash flow FY2020 $45.23B … FY2025 $71.61B: six bars, each labelled as the footnotes write it', () => {
    const chart = {
      label: 'Free cash flow',
      unit: 'usd' as const,
      points: [
        { period: 'FY2020', value: 45_234_000_000 },
        { period: 'FY2021', value: 56_118_000_000 },
        { period: 'FY2022', value: 65_149_000_000 },
        { period: 'FY2023', value: 59_475_000_000 },
        { period: 'FY2024', value: 74_071_000_000 },
        { period: 'FY2025', value: 71_611_000_000 },
      ],
    };
    const html = renderToStaticMarkup(createElement(TrendChart, { chart }));
    expect(html.match(/<rect/g)).toHaveLength(6);
    expect(html).toContain('$45.23B');
    expect(html).toContain('$71.61B');
    expect(html).toContain('aria-label="Free cash flow by fiscal year: FY2020 $45.23B');
  });

  it('a negative year hangs below the zero line in another colour', () => {
    const html = renderToStaticMarkup(
      createElement(TrendChart, {
        chart: {
          label: 'Net income',
          unit: 'usd',
          points: [
            { period: 'FY2024', value: -2e9 },
            { period: 'FY2025', value: 3e9 },
          ],
        },
      }),
    );
    expect(html).toContain('fill-chart-down');
  });
});
