/**
 * Every name and every period of the bundled snapshot through every quality check (not samples).
 * A violation is allowed only where the data says why: a `note` on one of the figures involved (the
 * normaliser's quarantine or flag), or a company note naming the period end and the line or check.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFundamentals, checkListingNames, checkOhlc, type QualityViolation } from '../../../../core/market/quality-checks.ts';
import type { Fundamentals } from '../../../../core/market/types.ts';
import { findAppRoot } from '../../../lib/app-root.ts';
import { type BundledProvider, createBundledProvider } from './index.ts';

let p: BundledProvider;
beforeAll(async () => {
  p = createBundledProvider(join(findAppRoot(), 'data'));
  await p.store.preload();
});

/** The figures a violation is about: its own line, or the inputs of a cross-line identity. */
const LINES_OF_CHECK: Record<string, readonly string[]> = {
  eps_consistency: ['eps_diluted', 'shares_diluted', 'net_income'],
  balance_identity: ['total_assets', 'total_liabilities', 'total_equity', 'noncontrolling_interest'],
};

function isExplained(f: Fundamentals, v: QualityViolation): boolean {
  const set = f[v.basis ?? 'annual'];
  const i = set.periods.findIndex((x) => x.end === v.period);
  const lines = LINES_OF_CHECK[v.check] ?? [v.line];
  const noted = [...set.income, ...set.balance, ...set.cash_flow]
    .filter((l) => lines.includes(l.key))
    .some((l) => Boolean((l.values[i] as { note?: string } | undefined)?.note));
  return noted || f.notes.some((n) => n.includes(v.period ?? '\0') && (n.includes(v.check) || lines.some((k) => k !== null && n.includes(k))));
}

/** Counts by check (so a failure reads as the figures of the report), with a few examples each. */
function summarise(violations: QualityViolation[]): Record<string, { count: number; examples: string[] }> {
  const out: Record<string, { count: number; examples: string[] }> = {};
  for (const v of violations) {
    const key = v.basis ? `${v.check} (${v.basis})` : v.check;
    const s = out[key] ?? { count: 0, examples: [] };
    out[key] = s;
    s.count++;
    if (s.examples.length < 5) s.examples.push(`${v.symbol} ${v.period ?? ''} ${v.detail}`);
  }
  return out;
}

describe('bundled snapshot: every name and period passes the quality checks or says why not', () => {
  it('fundamentals: EPS × shares, share jumps, revenue > 0, outflow signs, balance identity', async () => {
    const symbols = Object.keys((await p.store.fundamentals()).fundamentals);
    expect(symbols.length).toBeGreaterThan(500);
    const unexplained: QualityViolation[] = [];
    let periods = 0;
    for (const s of symbols) {
      const f = (await p.getFundamentals!(s))!;
      periods += f.annual.periods.length + f.quarterly.periods.length;
      const splits = (await p.getSplits!(s)) ?? [];
      for (const v of checkFundamentals(f, splits)) if (!isExplained(f, v)) unexplained.push(v);
    }
    expect(periods).toBeGreaterThan(10_000);
    expect(summarise(unexplained)).toEqual({});
  });

  it('daily prices: every bar has low ≤ open, close ≤ high', async () => {
    const symbols = Object.keys((await p.store.prices()).daily);
    expect(symbols.length).toBeGreaterThan(70);
    const violations: QualityViolation[] = [];
    let bars = 0;
    for (const s of symbols) {
      const h = (await p.getHistory!(s, 'max'))!;
      bars += h.bars.length;
      violations.push(...checkOhlc(s, h.bars));
    }
    expect(bars).toBeGreaterThan(100_000);
    expect(summarise(violations)).toEqual({});
  });

  it('listings: every name is whole (none cut at a hyphen), and no exchange is the placeholder "Other"', async () => {
    const l = await p.listings();
    const names = l.file.symbol.map((symbol, i) => ({ symbol, name: l.file.name[i]! }));
    expect(summarise(checkListingNames(names))).toEqual({});
    expect(l.file.symbol.filter((_, i) => l.file.exchange[i] === 'Other')).toEqual([]);
  });
});
