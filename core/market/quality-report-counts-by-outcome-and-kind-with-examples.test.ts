import { describe, expect, it } from 'vitest';
import { QualityLog } from './quality.ts';
import { formatQualitySummary, renderQualityReport, summarizeQualityLog } from './quality-report.ts';

function buildLog(): QualityLog {
  const log = new QualityLog();
  log.countChecked('prices', 1000);
  log.countChecked('listings', 50);
  log.countChecked('prices', 500);
  log.record({
    dataset: 'prices',
    symbol: 'CAT',
    outcome: 'repaired',
    kind: 'ohlc',
    period: '2026-07-02',
    line: 'high',
    before: 1000.65,
    after: 1001.28,
    reason: 'open above high',
  });
  for (const s of ['AAPX', 'LZB', 'OI', 'UHAL', 'AFRU', 'AKAL', 'BIO']) {
    log.record({ dataset: 'listings', symbol: s, outcome: 'repaired', kind: 'listing_name', line: 'name', reason: 'cut at hyphen' });
  }
  log.record({
    dataset: 'listings',
    symbol: 'XYZ',
    outcome: 'quarantined',
    kind: 'exchange',
    line: 'exchange',
    before: 'Other',
    after: null,
    reason: 'no source',
  });
  return log;
}

describe('quality report', () => {
  it('counts per dataset: prices 1,000 + 500 = 1,500 checked, 1 repaired; listings 50 checked, 7 repaired, 1 quarantined', () => {
    expect(summarizeQualityLog(buildLog()).rows).toEqual([
      { dataset: 'prices', checked: 1500, repaired: 1, quarantined: 0, flagged: 0 },
      { dataset: 'listings', checked: 50, repaired: 7, quarantined: 1, flagged: 0 },
    ]);
  });

  it('groups by outcome then by count: listing_name (7) before ohlc (1) among repairs, then the quarantine', () => {
    expect(summarizeQualityLog(buildLog()).groups.map((g) => [g.outcome, g.kind, g.count, g.examples.length])).toEqual([
      ['repaired', 'listing_name', 7, 5],
      ['repaired', 'ohlc', 1, 1],
      ['quarantined', 'exchange', 1, 1],
    ]);
  });

  it('renders markdown with the summary table, before → after, "and 2 more" beyond five examples, and "None." for an empty outcome', () => {
    const md = renderQualityReport(buildLog(), '2026-07-02');
    expect(md).toContain('Snapshot data as of 2026-07-02.');
    expect(md).toContain('| prices | 1,500 | 1 | 0 | 0 |');
    expect(md).toContain('- `CAT 2026-07-02 high`: 1,000.65 → 1,001.28. open above high');
    expect(md).toContain('- … and 2 more');
    expect(md).toContain('`XYZ exchange`: Other → —. no source');
    expect(md).toMatch(/## Flagged\n\nNone\./);
  });

  it('prints one line per dataset and one per kind', () => {
    expect(formatQualitySummary(buildLog()).split('\n')).toEqual([
      'quality prices: 1,500 checked, 1 repaired, 0 quarantined, 0 flagged',
      'quality listings: 50 checked, 7 repaired, 1 quarantined, 0 flagged',
      '  repaired listings/listing_name: 7',
      '  repaired prices/ohlc: 1',
      '  quarantined listings/exchange: 1',
    ]);
  });
});

describe('quality report: the revenue invariants in full', () => {
  it('one row per company with counts and spans (CCI: 2 revenue values withheld, 2016-12-31 … 2024-12-31; URI: 1 repaired), then every exception with its reason', () => {
    const log = new QualityLog();
    const event = (symbol: string, outcome: 'repaired' | 'quarantined', period: string, line = 'revenue') =>
      log.record({ dataset: 'fundamentals', symbol, outcome, kind: 'revenue_invariant', period, line, reason: 'a segment' });
    event('CCI', 'quarantined', '2024-12-31');
    event('CCI', 'quarantined', '2016-12-31');
    event('CCI', 'quarantined', '2024-12-31', 'gross_profit');
    event('URI', 'repaired', '2019-12-31');
    const md = renderQualityReport(log, '2026-07-02');
    expect(md).toContain('| CCI | — | revenue: 2 (2016-12-31 … 2024-12-31); gross profit: 1 (2024-12-31) |');
    expect(md).toContain('| URI | revenue: 1 (2019-12-31) | — |');
    expect(md).toContain('| BA | 2020-12-31 (annual) | `cost_within_revenue` | 737 MAX grounding');
  });
});
