import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { SectorHistogram } from './components/sector-histogram.tsx';

const d = (company_bin: number) =>
  ({
    key: 'altman',
    sector: 'Beverages',
    peers: 6,
    bins: [
      { from: null, to: -3, count: 1 },
      { from: -2.5, to: -2, count: 3 },
      { from: 3, to: null, count: 2 },
    ],
    company_bin,
    percentile: 42,
  }) as never;

it('KO in the −2.5 to −2 bin reads "KO scores between −2.5 and −2", with true minus signs (not "-2.5--2")', () => {
  const html = renderToStaticMarkup(createElement(SectorHistogram, { d: d(1), symbol: 'KO' }));
  expect(html).toContain('KO scores between −2.5 and −2, at the 42nd percentile of the sector');
  expect(html).toContain('−2.5 to −2: 3 companies (KO)');
  expect(html).not.toMatch(/-\d.*--\d/);
});

it('the open-ended bins read "below −3" and "3 or more"; the axis shows "< −3" and "≥ 3"', () => {
  expect(renderToStaticMarkup(createElement(SectorHistogram, { d: d(0), symbol: 'KO' }))).toContain('KO scores below −3');
  const top = renderToStaticMarkup(createElement(SectorHistogram, { d: d(2), symbol: 'KO' }));
  expect(top).toContain('KO scores 3 or more');
  expect(top).toContain('&lt; −3');
  expect(top).toContain('≥ 3');
});
