import { expect, it } from 'vitest';
import { changeTone, formatCompactUsd, formatFigure, formatPercent, formatPrice, formatSigned } from './format.ts';

it('"not reported" (null) is an em dash everywhere, never 0', () => {
  for (const f of [formatPrice, formatCompactUsd, (v: null) => formatPercent(v), (v: null) => formatSigned(v)]) expect(f(null)).toBe('—');
  expect(formatFigure(null, 'USD')).toBe('—');
  expect(formatFigure(null, 'USD/share')).toBe('—');
  expect(formatFigure(0, 'USD')).toBe('$0.00');
});

it('figures are compact with their unit and a true minus sign', () => {
  expect(formatCompactUsd(416_161_000_000)).toBe('$416.16B');
  expect(formatCompactUsd(-2_722_000_000)).toBe('−$2.72B');
  expect(formatCompactUsd(4_420_000_000_000)).toBe('$4.42T');
  expect(formatFigure(2.305, 'USD/share')).toBe('$2.31');
  expect(formatFigure(-5.25, 'USD/share')).toBe('−$5.25');
  expect(formatPrice(308.63)).toBe('$308.63');
  // 14.25 / 294.38 = 4.84 %
  expect(formatPercent(4.84, true)).toBe('+4.84 %');
  expect(formatSigned(-1.01)).toBe('−1.01');
  expect(changeTone(-1)).toBe('text-negative');
  expect(changeTone(0)).toBe('text-fg-muted');
});
