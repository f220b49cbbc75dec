import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { formatAxisValue, Sparkline } from './sparkline.tsx';

const render = (values: Array<number | null>) =>
  renderToStaticMarkup(createElement(Sparkline, { values, label: (change: number) => `KO, 3 months: ${change.toFixed(1)}%` }));

it('closes 279.10 → 343.45 → 334.47: up (green), named with the change 334.47 / 279.10 − 1 = 19.8 % and the range 279 to 343, shown beside the line', () => {
  const html = render([279.1, 343.45, 334.47]);
  expect(html).toContain('aria-label="KO, 3 months: 19.8%; range 279 to 343"');
  expect(html).toContain('stroke-positive');
  // The axis values: the high above the low.
  expect(html.indexOf('>343<')).toBeLessThan(html.indexOf('>279<'));
});

it('a fall is red; fewer than two closes say "No trend"; axis values stay short (1.2k, 312, 48.50)', () => {
  expect(render([50, 40])).toContain('stroke-negative');
  expect(render([null, 7])).toContain('No trend');
  expect([formatAxisValue(1234), formatAxisValue(312.4), formatAxisValue(48.5)]).toEqual(['1.2k', '312', '48.50']);
});
