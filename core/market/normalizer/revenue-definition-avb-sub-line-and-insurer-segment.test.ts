import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;

describe('revenue definition: one total per company', () => {
  it('AVB: $1,856M then $5.6M next to $1,034M net income — a sub-line, quarantined where no source has the total', () => {
    const { out } = runNormalizer({
      symbol: 'AVB',
      sources: [
        buildSource('sec', {
          '2015-12-31': { revenue: 1_856.028 * M, net_income: 742.038 * M },
          '2016-12-31': { revenue: 5.599 * M, net_income: 1_034.002 * M },
          '2017-12-31': { revenue: 4.147 * M, net_income: 876.921 * M },
        }),
      ],
    });
    expect(readCell(out.annual, '2015-12-31', 'revenue')).toBe(1_856.028 * M);
    // 5.599M < 20% × 1,034M = 206.8M: no company's total revenue is a fifth of its profit.
    expect(readCell(out.annual, '2016-12-31', 'revenue')).toBeNull();
    expect(out.quarantined.annual.get('2016-12-31')!.get('revenue')).toContain('under 20% of net income 1034002000');
    expect(out.quarantined.annual.get('2017-12-31')!.has('revenue')).toBe(true);
  });

  it('a loss may dwarf revenue: MRNA 2019, $60.2M revenue and −$514M net income, is served', () => {
    const { out } = runNormalizer({ sources: [buildSource('sec', { '2019-12-31': { revenue: 60.209 * M, net_income: -514 * M } })] });
    expect(readCell(out.annual, '2019-12-31', 'revenue')).toBe(60.209 * M);
  });

  it('repairs an off-definition year from another source that passes the same test', () => {
    const { out, log } = runNormalizer({
      sources: [
        buildSource('sec', { '2016-12-31': { revenue: 5.599 * M, net_income: 1_034 * M } }),
        buildSource('sec-xbrl', { '2016-12-31': { revenue: 2_045 * M } }, {}, { asOf: '2017-02-24' }),
      ],
    });
    expect(out.annual.get('2016-12-31')!.get('revenue')).toMatchObject({ value: 2_045 * M, source: 'sec-xbrl', asOf: '2017-02-24' });
    expect(log.events.find((e) => e.kind === 'revenue_definition')).toMatchObject({ outcome: 'repaired', before: 5.599 * M, after: 2_045 * M });
  });

  it('BRK.B: SEC revenue ~30% below the total in three straight years at a steady ratio is one segment; FMP’s total replaces it', () => {
    // 175,445 / 247,837 = 0.708; 176,512 / 254,616 = 0.693; 166,733 / 245,510 = 0.679 — steady within 15%.
    const { out } = runNormalizer({
      symbol: 'BRK.B',
      sources: [
        buildSource('sec', {
          '2017-12-31': { revenue: 239_933 * M },
          '2018-12-31': { revenue: 175_445 * M },
          '2019-12-31': { revenue: 176_512 * M },
          '2020-12-31': { revenue: 166_733 * M },
        }),
        buildSource(
          'fmp',
          {
            '2017-12-31': { revenue: 242_137 * M },
            '2018-12-31': { revenue: 247_837 * M },
            '2019-12-31': { revenue: 254_616 * M },
            '2020-12-31': { revenue: 245_510 * M },
          },
          {},
          { vintage: 'as_first_filed' },
        ),
      ],
    });
    expect(['2017-12-31', '2018-12-31', '2019-12-31', '2020-12-31'].map((e) => readCell(out.annual, e, 'revenue'))).toEqual([
      239_933 * M,
      247_837 * M,
      254_616 * M,
      245_510 * M,
    ]);
  });

  it('BRK.B: the same source’s quarters are the same segment — withheld from the run’s first year on (4 × ~62,000M = 248,000M is no trailing total against 371,444M)', () => {
    // SEC's annual 247,244 / FMP's 371,444 = 0.666 in 2025, 249,714 / 371,433 = 0.672 in 2024, 254,906 / 364,482 = 0.699
    // in 2023: a steady segment. SEC's quarters sum to its own annual (59,357 + 61,406 + 63,747 + 62,734 = 247,244).
    const { out } = runNormalizer({
      symbol: 'BRK.B',
      sources: [
        buildSource(
          'sec',
          {
            '2022-12-31': { revenue: 302_020 * M },
            '2023-12-31': { revenue: 254_906 * M },
            '2024-12-31': { revenue: 249_714 * M },
            '2025-12-31': { revenue: 247_244 * M },
          },
          {
            '2022-12-31': { revenue: 76_000 * M },
            '2023-03-31': { revenue: 61_000 * M },
            '2025-03-31': { revenue: 59_357 * M },
            '2025-06-30': { revenue: 61_406 * M },
            '2025-09-30': { revenue: 63_747 * M },
            '2025-12-31': { revenue: 62_734 * M },
            '2026-03-31': { revenue: 63_137 * M },
          },
        ),
        buildSource(
          'fmp',
          {
            '2022-12-31': { revenue: 302_089 * M },
            '2023-12-31': { revenue: 364_482 * M },
            '2024-12-31': { revenue: 371_433 * M },
            '2025-12-31': { revenue: 371_444 * M },
          },
          {},
          { vintage: 'as_first_filed' },
        ),
      ],
    });
    expect(['2022-12-31', '2023-12-31', '2024-12-31', '2025-12-31'].map((e) => readCell(out.annual, e, 'revenue'))).toEqual([
      302_020 * M,
      364_482 * M,
      371_433 * M,
      371_444 * M,
    ]);
    // 2022 is on the total (302,020 vs 302,089): its quarter stays. From FY2023 on, and after FY2025 (the run reaches
    // SEC's newest year), every SEC quarter is withheld with the reason.
    expect(readCell(out.quarterly, '2022-12-31', 'revenue')).toBe(76_000 * M);
    for (const end of ['2023-03-31', '2025-03-31', '2025-06-30', '2025-09-30', '2025-12-31', '2026-03-31']) {
      expect(readCell(out.quarterly, end, 'revenue'), end).toBeNull();
      expect(out.quarantined.quarterly.get(end)!.get('revenue'), end).toContain('one segment, not the total; the quarters are on the same definition');
    }
  });

  it('a one-year gap (a restatement for a spin-off) is left alone: PFE 2018 40,825 vs 53,647 first filed', () => {
    const { out } = runNormalizer({
      sources: [
        buildSource('sec', { '2018-12-31': { revenue: 40_825 * M }, '2019-12-31': { revenue: 41_172 * M } }),
        buildSource('fmp', { '2018-12-31': { revenue: 53_647 * M }, '2019-12-31': { revenue: 41_172 * M } }, {}, { vintage: 'as_first_filed' }),
      ],
    });
    expect(readCell(out.annual, '2018-12-31', 'revenue')).toBe(40_825 * M);
  });

  it('a negative quarter (FY − Q1..Q3 on mixed definitions: −3,660M) is quarantined', () => {
    const { out } = runNormalizer({
      sources: [
        buildSource(
          'sec',
          {},
          {
            '2023-03-31': { revenue: 5_100 * M },
            '2023-06-30': { revenue: 5_300 * M },
            '2023-09-30': { revenue: 5_200 * M },
            '2023-12-31': { revenue: -3_660 * M },
          },
        ),
      ],
    });
    expect(readCell(out.quarterly, '2023-12-31', 'revenue')).toBeNull();
    expect(out.quarantined.quarterly.get('2023-12-31')!.get('revenue')).toContain('not positive');
  });
});
