import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMarketVendor, startFakeMarketVendor } from '../../../test/fake-market-vendor.ts';
import { UpstreamError } from '../http.ts';
import { createSecEdgarClient } from './client.ts';
import { createTokenBucket } from './rate-limiter.ts';

let vendor: FakeMarketVendor;
beforeAll(async () => {
  vendor = await startFakeMarketVendor();
});
afterAll(async () => {
  await vendor?.close();
});

const UA = 'Stockpilot tests ops@stockpilot.example';
const noWait = async () => {};
const client = (over: Partial<Parameters<typeof createSecEdgarClient>[0]> = {}) =>
  createSecEdgarClient({ fetch, userAgent: UA, dataBaseUrl: vendor.url, wwwBaseUrl: vendor.url, retries: 1, sleep: noWait, ...over });

describe('SEC EDGAR client against a fake EDGAR', () => {
  it('the ticker directory: four companies, BRK-B spelled BRK.B, CIKs ten digits, exchanges kept', async () => {
    const dir = await client().fetchTickerDirectory();
    expect(dir.refused).toEqual([]);
    expect(dir.accepted).toEqual([
      { cik: '0000320193', ticker: 'AAPL', name: 'Apple Inc.', exchange: 'Nasdaq' },
      { cik: '0001067983', ticker: 'BRK.B', name: 'BERKSHIRE HATHAWAY INC', exchange: 'NYSE' },
      { cik: '0000789019', ticker: 'MSFT', name: 'MICROSOFT CORP', exchange: 'Nasdaq' },
      { cik: '0000021344', ticker: 'KO', name: 'COCA COLA CO', exchange: 'NYSE' },
    ]);
  });

  it('one ticker under two CIKs keeps neither; a file without its fields is refused whole', async () => {
    const saved = vendor.sec.tickerExchange;
    vendor.sec.tickerExchange = {
      fields: ['cik', 'name', 'ticker', 'exchange'],
      data: [
        [1, 'One', 'DUP', 'NYSE'],
        [2, 'Two', 'DUP', 'NYSE'],
        [3, 'Three', 'OK', null],
      ],
    };
    const dup = await client().fetchTickerDirectory();
    expect(dup.accepted).toEqual([{ cik: '0000000003', ticker: 'OK', name: 'Three', exchange: null }]);
    expect(dup.refused).toEqual([expect.objectContaining({ key: 'DUP', code: 'duplicate_ticker' })]);
    vendor.sec.tickerExchange = { data: [] };
    expect((await client().fetchTickerDirectory()).refused[0]!.code).toBe('truncated_answer');
    vendor.sec.tickerExchange = saved;
  });

  it("Apple's filings since 2026-07-03: the 10-Q of 2026-07-31 (period 2026-06-27) and the 8-K of 2026-07-30; the Form 4 is not tracked; its SIC 3571 beside them", async () => {
    const out = await client().fetchNewFilings('320193', '2026-07-03');
    expect(out.industry).toEqual({ cik: '0000320193', sic: '3571', sicDescription: 'Electronic Computers' });
    expect(out.industryRefused).toBeNull();
    expect(out.accepted).toEqual([
      { cik: '0000320193', accession: '0000320193-26-000012', form: '8-K', amended: false, filed: '2026-07-30', report_date: '2026-07-30' },
      { cik: '0000320193', accession: '0000320193-26-000011', form: '10-Q', amended: false, filed: '2026-07-31', report_date: '2026-06-27' },
    ]);
    const since2025 = await client().fetchNewFilings('320193', '2025-10-01');
    expect(since2025.accepted.filter((f) => f.form === '10-K').map((f) => [f.accession, f.amended])).toEqual([
      ['0000320193-25-000079', false],
      ['0000320193-25-000080', true],
    ]);
  });

  it('submissions with columns of unequal length (a cut answer) are refused whole; an unknown CIK has no filings', async () => {
    const saved = vendor.sec.submissions.get('0000320193');
    vendor.sec.submissions.set('0000320193', { filings: { recent: { accessionNumber: ['0000320193-26-000012'], form: [], filingDate: [] } } });
    const cut = await client().fetchNewFilings('320193', '2026-01-01');
    expect(cut.refused[0]).toMatchObject({ key: 'submissions 0000320193', code: 'truncated_answer' });
    vendor.sec.submissions.set('0000320193', saved);
    expect(await client().fetchNewFilings('999', '2026-01-01')).toEqual({ accepted: [], refused: [], industry: null, industryRefused: null });
  });

  it('a SIC that is not four digits is refused with its reason and the filings still read; no SIC at all is neither stored nor refused', async () => {
    const saved = vendor.sec.submissions.get('0000320193') as Record<string, unknown>;
    vendor.sec.submissions.set('0000320193', { ...saved, sic: '357' });
    const bad = await client().fetchNewFilings('320193', '2026-07-03');
    expect(bad.industry).toBeNull();
    expect(bad.industryRefused).toEqual({
      key: 'submissions 0000320193 sic',
      code: 'bad_sic',
      reason: 'The SIC "357" is not a four-digit code; nothing stored for it.',
    });
    expect(bad.accepted).toHaveLength(2);
    vendor.sec.submissions.set('0000320193', { ...saved, sic: '', sicDescription: '' });
    const none = await client().fetchNewFilings('320193', '2026-07-03');
    expect([none.industry, none.industryRefused]).toEqual([null, null]);
    vendor.sec.submissions.set('0000320193', saved);
  });

  it("Apple's companyfacts: point-in-time facts with accession and filed date, and statements through the app's normaliser", async () => {
    const facts = await client().fetchCompanyFacts('320193', { symbol: 'AAPL' });
    expect(facts?.cik).toBe('0000320193');
    const revenue2025 = facts!.facts.accepted.find(
      (f) => f.concept.endsWith(':Revenues') || f.concept.endsWith('RevenueFromContractWithCustomerExcludingAssessedTax'),
    );
    expect(revenue2025).toMatchObject({
      unit: 'USD',
      form: expect.any(String),
      accession: expect.stringMatching(/^\d{10}-\d{2}-\d{6}$/),
      filed: expect.any(String),
    });
    expect(facts!.fundamentals?.annual.periods.length).toBeGreaterThan(0);
    expect(await client().fetchCompanyFacts('999')).toBeNull();
  });

  it('a fact in euros is refused as an unknown unit; a document without us-gaap is refused whole', async () => {
    const doc = {
      facts: { 'us-gaap': { Revenues: { units: { EUR: [{ end: '2025-12-31', val: 5, accn: '0000000001-26-000001', filed: '2026-02-01', form: '10-K' }] } } } },
    };
    vendor.sec.companyFacts.set('0000000001', doc);
    const eur = await client().fetchCompanyFacts('1');
    expect(eur!.facts.refused.map((r) => [r.key, r.code])).toEqual([['us-gaap:Revenues 2025-12-31', 'unknown_unit']]);
    vendor.sec.companyFacts.set('0000000002', { facts: {} });
    const none = await client().fetchCompanyFacts('2');
    expect(none!.facts.refused[0]!.code).toBe('truncated_answer');
    expect(none!.fundamentals).toBeNull();
  });

  it('every request carries the declared User-Agent; 12 requests through one shared limiter on a fake clock go 100 ms apart', async () => {
    let t = 0;
    const stamps: number[] = [];
    const limiter = createTokenBucket({
      perSecond: 10,
      now: () => t,
      sleep: async (ms) => {
        t += ms;
      },
    });
    const before = vendor.requests.length;
    const c = client({
      limiter,
      fetch: (url, init) => {
        stamps.push(t);
        return fetch(url, init);
      },
    });
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? c.fetchNewFilings('320193', '2026-01-01') : c.fetchTickerDirectory())));
    expect(stamps).toEqual(Array.from({ length: 12 }, (_, i) => i * 100));
    const seen = vendor.requests.slice(before);
    expect(seen).toHaveLength(12);
    expect(new Set(seen.map((r) => r.userAgent))).toEqual(new Set([UA]));
  });

  it('a 500 is retried through the limiter; JSON cut on every attempt throws; an empty User-Agent is refused before any request', async () => {
    vendor.failNext('/submissions/', '500', 1);
    expect((await client().fetchNewFilings('320193', '2026-07-03')).accepted).toHaveLength(2);
    vendor.failNext('/api/xbrl/companyfacts/', 'truncated', 2);
    await expect(client().fetchCompanyFacts('320193')).rejects.toBeInstanceOf(UpstreamError);
    expect(() => client({ userAgent: ' ' })).toThrow(/SEC_USER_AGENT/);
  });
});
