import { describe, expect, it } from 'vitest';
import { ANALYSIS_ROWS, describeFigure, FIGURE_ROWS, factKeysOf, rankRow } from './compare-rows.ts';

describe('best and worst of a comparison row', () => {
  it('net margin 26.9, 36.1, 28.6 (higher is better): MSFT 36.1 best, AAPL 26.9 worst, GOOGL between', () => {
    expect(rankRow([26.9, 36.1, 28.6], { better: 'higher' })).toEqual(['worst', 'best', null]);
  });

  it('P/E 35.2, 30.1, −4 (lower is better, positives only): 30.1 best, 35.2 worst; the loss-maker is not "cheapest"', () => {
    expect(rankRow([35.2, 30.1, -4], { better: 'lower', positiveOnly: true })).toEqual(['worst', 'best', null]);
  });

  it('ties share the standing: yields 2, 2, 1 → both 2s best, the 1 worst', () => {
    expect(rankRow([2, 2, 1], { better: 'higher' })).toEqual(['best', 'best', 'worst']);
  });

  it('nothing stands out with one competing value, all values equal, or no better side', () => {
    expect(rankRow([12, null, null], { better: 'higher' })).toEqual([null, null, null]);
    expect(rankRow([3, 3], { better: 'lower' })).toEqual([null, null]);
    expect(rankRow([3e12, 2e12], { better: null })).toEqual([null, null]);
    expect(rankRow([-1, -2, 5], { better: 'lower', positiveOnly: true })).toEqual([null, null, null]);
  });

  it('labels rank by their scale: grades B, A, D (F…A) → A best, D worst; ratings Buy, Strong Sell → Buy best', () => {
    const grades = ANALYSIS_ROWS.find((r) => r.key === 'grade_value')!;
    expect(rankRow(['B', 'A', 'D'], grades)).toEqual([null, 'best', 'worst']);
    const rating = ANALYSIS_ROWS.find((r) => r.key === 'technical_rating')!;
    expect(rankRow(['Buy', 'Strong Sell', null], rating)).toEqual(['best', 'worst', null]);
    expect(rankRow(['Buy', 'not a rating'], rating)).toEqual([null, null]);
  });

  it('every figure row is a catalog field with a label and unit; each kind carries its own fact keys', () => {
    for (const r of FIGURE_ROWS) expect(describeFigure(r.id).label.length).toBeGreaterThan(0);
    expect(describeFigure('net_margin')).toMatchObject({ label: 'Net margin', unit: 'percent' });
    expect(factKeysOf('dcf')).toEqual(['fair_value_per_share', 'upside_percent']);
    expect(factKeysOf('technical')).toEqual(['technical_rating']);
    expect(factKeysOf('overview')).toHaveLength(5);
  });
});
