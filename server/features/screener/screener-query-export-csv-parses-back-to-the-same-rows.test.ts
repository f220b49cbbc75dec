import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCREENER_PRESETS } from '../../../core/screener/presets.ts';
import { describeOnPglite } from '../../test/db.ts';
import { parseCsv } from '../../../core/text/csv.ts';
import { type ScreenerTest, startScreenerTest } from '../../test/screener-test-kit.ts';

type Row = { symbol: string; name: string; values: Record<string, number | string | null> };

describeOnPglite('screener queries and CSV export over the bundled universe', (kind) => {
  let k: ScreenerTest;
  beforeAll(async () => {
    k = await startScreenerTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('signed out: the catalog lists at least 50 fields, each with its distribution, the presets and the universe size', async () => {
    const r = await k.as().fields();
    expect(r.status).toBe(200);
    expect(r.body.fields.length).toBeGreaterThanOrEqual(50);
    expect(r.body.presets.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Quality at a reasonable price', 'Dividend growers', 'Oversold large caps', 'Piotroski 8–9', 'Net cash']),
    );
    const { rows, stocks, etfs } = r.body.universe;
    expect(stocks).toBeGreaterThan(400);
    expect(etfs).toBeGreaterThan(5);
    expect(rows).toBe(stocks + etfs);
    const pe = r.body.fields.find((f: { id: string }) => f.id === 'pe_ttm');
    // Every row is counted once: with a value, or missing.
    expect(pe.distribution.count + pe.distribution.missing).toBe(rows);
    expect(pe.distribution.bins.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(pe.distribution.count);
    const type = r.body.fields.find((f: { id: string }) => f.id === 'type');
    expect(type.distribution.options).toEqual([
      { value: 'ETF', count: etfs },
      { value: 'Stock', count: stocks },
    ]);
  });

  it('every preset runs and returns rows; each row passes its filters and the page is in sort order', async () => {
    for (const preset of SCREENER_PRESETS) {
      const r = await k.as().query({ filters: preset.filters, sort: preset.sort, columns: preset.columns, page_size: 100 });
      expect(r.status, preset.id).toBe(200);
      expect(r.body.total, preset.id).toBeGreaterThan(0);
      const rows: Row[] = r.body.rows;
      for (const row of rows) {
        for (const f of preset.filters) {
          if (!preset.columns.includes(f.field)) continue;
          const v = row.values[f.field];
          if (f.in) expect(f.in).toContain(v);
          else {
            expect(v).toEqual(expect.any(Number));
            if (f.min !== undefined && f.min !== null) expect(v as number).toBeGreaterThanOrEqual(f.min);
            if (f.max !== undefined && f.max !== null) expect(v as number).toBeLessThanOrEqual(f.max);
          }
        }
      }
      const keys = rows.map((row) => row.values[preset.sort.field]).filter((v) => v !== null) as number[];
      const sorted = [...keys].sort((a, b) => (preset.sort.dir === 'asc' ? a - b : b - a));
      if (typeof keys[0] === 'number') expect(keys, preset.id).toEqual(sorted);
    }
  });

  it("AAPL's net margin, P/E and Piotroski score in the screener equal its fundamental analysis facts", async () => {
    const user = await k.createUser();
    const run = await k.as(user).runAnalysis({ symbol: 'AAPL', kind: 'fundamental', subtype: 'overview' });
    expect(run.status).toBe(201);
    const fact = (key: string) => run.body.facts.find((f: { key: string }) => f.key === key)?.value;
    // Narrow to AAPL by its own market cap: the one row within a dollar of it.
    const all = await k
      .as()
      .query({ filters: [{ field: 'type', in: ['Stock'] }], sort: { field: 'market_cap', dir: 'desc' }, columns: ['market_cap'], page_size: 20 });
    const cap = all.body.rows.find((r: Row) => r.symbol === 'AAPL').values.market_cap as number;
    const r = await k.as().query({
      filters: [{ field: 'market_cap', min: cap - 1, max: cap + 1 }],
      columns: ['net_margin', 'pe_ttm', 'piotroski_f', 'altman_z'],
    });
    expect(r.body.total).toBe(1);
    const aapl: Row = r.body.rows[0];
    expect(aapl.symbol).toBe('AAPL');
    expect(aapl.values.net_margin).toBe(fact('net_margin'));
    expect(aapl.values.pe_ttm).toBe(fact('pe_ttm'));
    expect(aapl.values.piotroski_f).toBe(fact('piotroski_f'));
    expect(aapl.values.altman_z).toBe(fact('altman_z'));
    expect(aapl.values.net_margin).toEqual(expect.any(Number));
  });

  it('the CSV export parses back to the rows of every query page, in order, with labelled units in the header', async () => {
    const screen = {
      filters: [
        { field: 'market_cap', min: 20_000_000_000 },
        { field: 'sector', in: ['Information Technology', 'Health Care', 'Financials'] },
      ],
      sort: { field: 'pe_ttm', dir: 'asc' },
      columns: ['pe_ttm', 'net_margin', 'market_cap', 'technical_rating', 'sector'],
    };
    const paged: Row[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const r = await k.as().query({ ...screen, page, page_size: 40 });
      expect(r.status).toBe(200);
      total = r.body.total;
      paged.push(...r.body.rows);
      if (paged.length >= total) break;
    }
    expect(total).toBeGreaterThan(40);
    const e = await k.as().exportCsv(screen);
    expect(e.status).toBe(200);
    expect(e.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(e.headers.get('content-disposition')).toMatch(/attachment; filename="stockpilot-screen-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...records] = parseCsv(e.body as string);
    expect(header).toEqual([
      'Symbol',
      'Name',
      'P/E (trailing twelve months) (×)',
      'Net margin (%)',
      'Market capitalisation (USD)',
      'Technical rating',
      'Sector (GICS)',
    ]);
    expect(records).toHaveLength(total);
    const fromCsv = records.map(([symbol, name, ...cells]) => ({
      symbol,
      name,
      values: Object.fromEntries(
        screen.columns.map((c, i) => {
          const cell = cells[i]!;
          return [c, cell === '' ? null : ['technical_rating', 'sector'].includes(c) ? cell : Number(cell)];
        }),
      ),
    }));
    expect(fromCsv).toEqual(paged.map(({ symbol, name, values }) => ({ symbol, name, values })));
  });

  it('ties and missing values: sorted by a sparse field, rows without it come last in both directions', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const r = await k.as().query({ sort: { field: 'rsi_14', dir }, columns: ['rsi_14'], page: 2, page_size: 100 });
      const values = r.body.rows.map((row: Row) => row.values.rsi_14);
      const firstMissing = values.indexOf(null);
      expect(firstMissing).toBeGreaterThanOrEqual(0);
      expect(values.slice(firstMissing).every((v: unknown) => v === null)).toBe(true);
    }
  });
});
