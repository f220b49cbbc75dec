/**
 * Filing dates over the shipped data/fundamentals.json.gz (issue 29, item 5): a value is dated by the FIRST
 * filing that reported it, a restatement by its own filing with the value it replaced kept, and a view as of a
 * day shows what was known then. The raw filings are data/inputs/sec-xbrl-vintages.csv.gz (every 10-K/10-Q
 * that reported each fact of the SEC XBRL subset).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCompanyView } from '../analysis/runs/company.ts';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { findAppRoot } from '../../server/lib/app-root.ts';
import { parseCsv } from '../text/csv.ts';
import { selectFundamentalsAsOf } from './point-in-time.ts';
import { isSameReportedFigure } from './sec-facts.ts';
import type { Fundamentals, StatementSet } from './types.ts';

const root = findAppRoot();
const data = openBundledAnalysisData(join(root, 'data'));
const lineValue = (set: StatementSet, key: string, end: string) => {
  const i = set.periods.findIndex((p) => p.end === end);
  return i < 0 ? undefined : [...set.income, ...set.balance, ...set.cash_flow].find((l) => l.key === key)?.values[i];
};

let dataDay: string;
let universe: Map<string, Fundamentals>;
/** ticker|period end → every (value, filing date) the raw filings reported for that end, any tag. */
const filings = new Map<string, Array<{ value: number; filed: string }>>();
beforeAll(async () => {
  await data.provider.store.preload();
  dataDay = data.provider.store.readDataAsOf();
  universe = new Map();
  for (const s of Object.keys((await data.provider.store.fundamentals()).fundamentals)) universe.set(s, (await data.provider.getFundamentals!(s))!);
  const [header, ...rows] = parseCsv(gunzipSync(readFileSync(join(root, 'data/inputs/sec-xbrl-vintages.csv.gz'))).toString('utf8'));
  const col = (n: string) => header!.indexOf(n);
  for (const r of rows) {
    if (r.length < 2) continue;
    const k = `${r[col('ticker')]}|${r[col('end')]}`;
    filings.set(k, [...(filings.get(k) ?? []), { value: Number(r[col('val')]), filed: r[col('filed')]! }]);
  }
});

describe('as-of views show what was known then', () => {
  it('JNJ as of 2022-06-30: FY2021 revenue as first filed, 93,775M (10-K of 2022-02-17), not the 78,740M restated on 2024-02-16', () => {
    const jnj = universe.get('JNJ')!;
    expect(lineValue(jnj.annual, 'revenue', '2022-01-02')).toMatchObject({ value: 78_740e6, as_of: '2024-02-16' });
    const then = selectFundamentalsAsOf(jnj, '2022-06-30');
    expect(lineValue(then.annual, 'revenue', '2022-01-02')).toMatchObject({ value: 93_775e6, as_of: '2022-02-17' });
  });

  it('WMT as of 2024-06-30 has FY2024 revenue: 648,125M (Revenues, 10-K of 2024-03-15; repeated 2025-03-14 and 2026-03-13)', () => {
    const then = selectFundamentalsAsOf(universe.get('WMT')!, '2024-06-30');
    expect(then.annual.periods.at(-1)!.end).toBe('2024-01-31');
    expect(lineValue(then.annual, 'revenue', '2024-01-31')).toMatchObject({ value: 648_125e6, as_of: '2024-03-15' });
  });

  it('a current analysis of JNJ has the current ratio and Altman Z: FY2025 current liabilities 54,126M were first filed 2026-02-11, before the data day', async () => {
    const view = buildCompanyView(await data.load('JNJ'));
    if (!view.ok) throw new Error(view.error.message);
    expect(lineValue(view.value.statements.annual, 'current_liabilities', '2025-12-28')).toMatchObject({ value: 54_126e6, as_of: '2026-02-11' });
    if (!view.value.ratios.ok) throw new Error(view.value.ratios.error.message);
    const current = view.value.ratios.value.ratios.current_ratio;
    // 55,624M current assets / 54,126M current liabilities = 1.0277
    expect(current.ok && current.value).toBeCloseTo(55_624 / 54_126, 4);
    expect(view.value.altman.ok).toBe(true);
  });
});

describe('over the universe', () => {
  it('every figure served as of the data day was filed by then, and every earlier vintage precedes its restatement (dates strictly rising, values changing)', () => {
    const late: string[] = [];
    const unordered: string[] = [];
    let restated = 0;
    for (const [s, f] of universe) {
      const now = selectFundamentalsAsOf(f, dataDay);
      for (const set of [now.annual, now.quarterly])
        for (const l of [...set.income, ...set.balance, ...set.cash_flow])
          l.values.forEach((v, i) => {
            if (v.value !== null && (v.as_of === null || v.as_of > dataDay)) late.push(`${s} ${set.periods[i]!.end} ${l.key} ${v.as_of}`);
          });
      for (const set of [f.annual, f.quarterly])
        for (const l of [...set.income, ...set.balance, ...set.cash_flow])
          l.values.forEach((v, i) => {
            if (!v.earlier) return;
            restated++;
            const chain = [...v.earlier, { value: v.value!, as_of: v.as_of! }];
            if (chain.some((x, j) => j > 0 && (x.as_of <= chain[j - 1]!.as_of || isSameReportedFigure(x.value, chain[j - 1]!.value))))
              unordered.push(`${s} ${set.periods[i]!.end} ${l.key}: ${chain.map((x) => `${x.value}@${x.as_of}`).join(' → ')}`);
          });
    }
    expect(late).toEqual([]);
    expect(unordered).toEqual([]);
    expect(restated).toBeGreaterThan(500);
  });

  it('a figure dated by a real SEC filing is dated by the first filing that reported its value, never by a later repeat', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [s, f] of universe) {
      for (const set of [f.annual, f.quarterly])
        for (const l of [...set.income, ...set.balance, ...set.cash_flow]) {
          if (l.unit !== 'USD') continue;
          l.values.forEach((v, i) => {
            const raw = filings.get(`${s}|${set.periods[i]!.end}`);
            if (!raw || v.value === null || v.as_of_estimated || (v.source !== 'sec' && v.source !== 'sec-xbrl') || v.note) return;
            const same = raw.filter((r) => isSameReportedFigure(r.value, v.value!)).map((r) => r.filed);
            if (!same.length) return; // a derived figure (Q4 = FY − Q1..Q3, free cash flow)
            checked++;
            // the date is a filing that reported the value, and no filing after the last different value reported it earlier
            const restatedAt = (v.earlier ?? []).at(-1)?.as_of ?? '';
            const first = same.filter((d) => d > restatedAt).sort()[0];
            if (!same.includes(v.as_of!) || v.as_of !== first)
              wrong.push(`${s} ${set.periods[i]!.end} ${l.key} ${v.value} as of ${v.as_of}, first filed ${first}`);
          });
        }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(wrong).toEqual([]);
  });
});
