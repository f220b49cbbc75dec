import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import type { Fact } from '../../../../core/analysis/analysis-types.ts';
import { formatFactValue } from '../../../../core/facts/format-fact.ts';
import { YearTable } from './components/company-sections.tsx';

const fact = (key: string, label: string, unit: Fact['unit']): Fact =>
  ({ key, label, value: 0, unit, period: 'FY2025', source: 'computed', as_of: '2026-02-01' }) as Fact;

it('statement lines: revenue over three years is charted with its dollars read out; a line with one year is not charted; the table keeps every line', () => {
  const rows = [
    { fiscal_year: 2023, values: { revenue: 383_285_000_000, net_income: 96_995_000_000, goodwill: null } },
    { fiscal_year: 2024, values: { revenue: 391_035_000_000, net_income: 93_736_000_000, goodwill: null } },
    { fiscal_year: 2025, values: { revenue: 416_161_000_000, net_income: -1_000_000_000, goodwill: 5_000_000_000 } },
  ];
  const html = renderToStaticMarkup(createElement(YearTable, { title: 'Statement lines by fiscal year', rows, facts: [], money: true }));
  // Two charts (revenue, net income): goodwill has one year only.
  expect(html.match(/<svg[^>]*role="img"/g)).toHaveLength(2);
  expect(html).toContain('aria-label="Revenue by fiscal year: FY2023 $383.29B, FY2024 $391.04B, FY2025 $416.16B."');
  expect(html).toContain('aria-label="Net income by fiscal year: FY2023 $97.00B, FY2024 $93.74B, FY2025 −$1.00B."');
  // A loss year hangs below the zero line in the loss colour.
  expect(html).toContain('fill-chart-down');
  // Each chart takes the keyboard focus; the table still has all three lines.
  expect(html.match(/<svg[^>]*tabindex="0"/g)).toHaveLength(2);
  expect(html.match(/<th scope="row"/g)).toHaveLength(3);
});

it('ratios: a percent fact is charted in percent under its catalogue label; at most six figures are charted', () => {
  const keys = ['gross_margin', 'operating_margin', 'net_margin', 'roe', 'roa', 'roic', 'current_ratio'];
  // Ratio rows are in the facts' units: a percent fact's 24.3 is 24.3 %.
  const rows = [2024, 2025].map((fiscal_year, i) => ({ fiscal_year, values: Object.fromEntries(keys.map((k) => [k, 24.3 + i])) }));
  const facts = [fact('net_margin', 'Net margin', 'percent')];
  const html = renderToStaticMarkup(createElement(YearTable, { title: 'Ratios by fiscal year', rows, facts }));
  expect(html.match(/<svg[^>]*role="img"/g)).toHaveLength(6);
  expect(html).toContain(
    `aria-label="Net margin by fiscal year: FY2024 ${formatFactValue({ value: 24.3, unit: 'percent' })}, FY2025 ${formatFactValue({ value: 25.3, unit: 'percent' })}."`,
  );
  expect(formatFactValue({ value: 24.3, unit: 'percent' })).toMatch(/^24\.30? ?%$/);
});
