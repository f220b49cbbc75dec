import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { buildCompanyView } from '../analysis/runs/company.ts';
import { buildDcf } from '../analysis/runs/dcf.ts';
import { buildFundamental } from '../analysis/runs/fundamental.ts';
import { computeRsi } from '../analysis/indicators/rsi.ts';
import { toOhlcvSeries } from '../analysis/indicators/series.ts';
import { computeTechnicalRating } from '../analysis/technical-rating.ts';
import { formatFactValue } from '../facts/format-fact.ts';
import { createOfflineAsker, findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';
import type { CopilotDraft } from './copilot-types.ts';

/*
 * Each documented kind of question on the bundled snapshot, answered end to end (plan → tools over the
 * builders → written answer), and each figure checked against the engine that computes it, called here
 * directly and rendered as the pages render it. Every answer must pass the number check against the facts
 * it cites, and every [n] marker must point at a cited fact.
 */

const data = openBundledAnalysisData();
const asker = createOfflineAsker(data);
const { load } = asker;

async function ask(question: string) {
  const a = await asker.ask(question);
  return { ...a, calls: a.calls.map((c) => c.tool) };
}

const pct = (v: number) => formatFactValue({ value: Math.round(v * 100) / 100, unit: 'percent' });
const usd = (v: number) => formatFactValue({ value: Math.round(v * 100) / 100, unit: 'usd_per_share' });

function expectWellCited(draft: CopilotDraft) {
  expect(findUnbackedInDraft(draft)).toEqual([]);
  const markers = [...draft.text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  expect(new Set(markers)).toEqual(new Set(draft.facts.map((_, i) => i + 1)));
}

describe('offline answers on the bundled data', () => {
  it('price change: AAPL over the last 6 months is the last close over the close on or before the day six months back', async () => {
    const a = await ask('How did AAPL do over the last 6 months?');
    const bars = (await load('AAPL')).daily!.bars;
    const end = bars.at(-1)!;
    const [y, m, d] = end.date.split('-').map(Number) as [number, number, number];
    const back = new Date(Date.UTC(y, m - 1 - 6, 1));
    const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
    const startDay = `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
    const start = bars.findLast((b) => b.date <= startDay)!;
    const change = (end.close / start.close - 1) * 100;
    expect(a.intent).toBe('price_change');
    expect(a.text).toContain(`${change >= 0 ? 'rose' : 'fell'} ${pct(Math.abs(change))}`);
    expect(a.text).toContain(`from ${usd(start.close)}`);
    expect(a.text).toContain(`to ${usd(end.close)}`);
    expect(a.facts.map((f) => f.key)).toContain('price_change_percent');
    expectWellCited(a);
  });

  it("a metric: AAPL's RSI is Wilder's RSI (14) of the closes, and the answer cites rsi_14 on the technical page", async () => {
    const a = await ask("What is AAPL's RSI?");
    const series = toOhlcvSeries((await load('AAPL')).daily!.bars);
    if (!series.ok) throw new Error(series.error.message);
    const rsi = computeRsi(series.value, 14);
    if (!rsi.ok) throw new Error(rsi.error.message);
    const expected = formatFactValue({ value: Math.round(rsi.value.at(-1)! * 100) / 100, unit: 'score' });
    expect(a.text).toContain(`RSI (14) is ${expected} [1]`);
    expect(a.facts[0]).toMatchObject({ key: 'rsi_14', symbol: 'AAPL', href: '/technical/AAPL' });
    expectWellCited(a);
  });

  it('a metric by company name and possessive: "apple\'s margin" is the net margin of the latest fiscal year', async () => {
    const a = await ask("apple's margin");
    const view = buildCompanyView(await load('AAPL'));
    if (!view.ok || !view.value.ratios.ok) throw new Error('no AAPL ratios');
    const net = view.value.ratios.value.ratios.net_margin;
    if (!net.ok) throw new Error(net.error.message);
    expect(a.text).toContain(`Net margin is ${pct(net.value * 100)} [1]`);
    expect(a.text).toContain('Apple Inc. (AAPL)');
    expectWellCited(a);
  });

  it('AAPL P/E is price over trailing diluted EPS, shown as a multiple', async () => {
    const a = await ask('AAPL P/E');
    const view = buildCompanyView(await load('AAPL'));
    if (!view.ok || !view.value.ratios.ok) throw new Error('no AAPL ratios');
    const pe = view.value.ratios.value.ratios.pe_ttm;
    if (!pe.ok) throw new Error(pe.error.message);
    expect(a.text).toContain(`is ${formatFactValue({ value: Math.round(pe.value * 100) / 100, unit: 'times' })} [1]`);
    expect(a.facts[0]!.key).toBe('pe_ttm');
    expectWellCited(a);
  });

  it('the Piotroski score of KO counts the tests passed, with a word for where it sits', async () => {
    const a = await ask('Piotroski score of KO');
    const view = buildCompanyView(await load('KO'));
    if (!view.ok || !view.value.piotroski.ok) throw new Error('no KO Piotroski');
    const score = view.value.piotroski.value.score;
    expect(a.text).toContain(`is ${score} [1] — ${score >= 7 ? 'strong' : score <= 3 ? 'weak' : 'middling'}`);
    expectWellCited(a);
  });

  it('compare KO and PEP on dividend yield: both figures, ranked highest first', async () => {
    const a = await ask('compare KO and PEP dividend yield');
    expect(a.intent).toBe('compare');
    expect(a.calls).toEqual(['compare_symbols']);
    const yields: Array<[string, number]> = [];
    for (const s of ['KO', 'PEP']) {
      const view = buildCompanyView(await load(s));
      if (!view.ok || !view.value.ratios.ok) throw new Error(`no ${s} ratios`);
      const y = view.value.ratios.value.ratios.dividend_yield;
      if (!y.ok) throw new Error(y.error.message);
      yields.push([s, Math.round(y.value * 10000) / 100]);
      expect(a.text).toContain(`(${s}) ${pct(y.value * 100)}`);
    }
    const [high] = [...yields].sort((x, y) => y[1] - x[1]);
    expect(a.text).toContain(`${high![0]} has the highest dividend yield`);
    expect(a.text.indexOf(`(${high![0]})`)).toBeLessThan(a.text.indexOf(`(${yields.find((y) => y[0] !== high![0])![0]})`));
    expectWellCited(a);
  });

  it("the technical signal and why: MSFT's rating, each group's votes, and the indicators voting buy and sell", async () => {
    const a = await ask("What is MSFT's technical signal and why?");
    const series = toOhlcvSeries((await load('MSFT')).daily!.bars);
    if (!series.ok) throw new Error(series.error.message);
    const r = computeTechnicalRating(series.value);
    if (!r.ok) throw new Error(r.error.message);
    const words = { strong_buy: 'Strong Buy', buy: 'Buy', neutral: 'Neutral', sell: 'Sell', strong_sell: 'Strong Sell' };
    expect(a.text).toContain(`the technical rating is ${words[r.value.overall.label]} [1]`);
    const ma = r.value.movingAverages;
    expect(a.text).toMatch(
      new RegExp(
        `moving averages say ${words[ma.label]} \\[\\d+\\]: ${ma.buy} \\[\\d+\\] of ${ma.votes.length} \\[\\d+\\] vote buy and ${ma.sell} \\[\\d+\\] vote sell`,
      ),
    );
    const someBuy = [...ma.votes, ...r.value.oscillators.votes].find((v) => v.vote === 1);
    if (someBuy) expect(a.text).toMatch(new RegExp(`Voting buy: .*${someBuy.name.replace(/[()]/g, '\\$&')} \\[\\d+\\]`));
    expectWellCited(a);
  });

  it('valuation against the DCF: AAPL fair value and price as the DCF analysis computes them, upside or downside in words', async () => {
    const a = await ask('Is AAPL undervalued?');
    const dcf = buildDcf(await load('AAPL'));
    if (!dcf.ok) throw new Error(dcf.error.message);
    const fair = dcf.value.sections.fair_value_per_share;
    const price = dcf.value.sections.price;
    expect(a.intent).toBe('valuation');
    expect(a.text).toContain(`fair value of Apple Inc. (AAPL) at ${usd(fair)} [1] a share against a price of ${usd(price)} [2]`);
    const upside = (fair / price - 1) * 100;
    expect(a.text).toContain(`${pct(Math.abs(upside))} [3] ${upside > 0 ? 'upside' : 'downside'}`);
    expectWellCited(a);
  });

  it('valuation with a chosen WACC: the DCF is re-run at 9% and the answer says so', async () => {
    const a = await ask('MSFT fair value with a WACC of 9%');
    expect(a.text).toContain('a WACC of 9.00 %');
    expectWellCited(a);
  });

  it('which is cheaper, KO or PEP: P/E ranked lowest first as the better end, and each DCF upside from its own DCF', async () => {
    const a = await ask('Which is cheaper, KO or PEP?');
    for (const s of ['KO', 'PEP']) {
      const dcf = buildDcf(await load(s));
      if (!dcf.ok) continue;
      const upside = (dcf.value.sections.fair_value_per_share / dcf.value.sections.price - 1) * 100;
      expect(a.text).toContain(`(${s}) ${pct(upside)}`);
    }
    expect(a.text).toMatch(/(KO|PEP) has the lowest P\/E; lower usually reads as better here\./);
    expectWellCited(a);
  });

  it('a snapshot of AAPL: last close, technical rating and key figures, all cited', async () => {
    const a = await ask('tell me about apple');
    const inputs = await load('AAPL');
    expect(a.intent).toBe('snapshot');
    expect(a.text).toContain(`last closed at ${usd(inputs.quote!.price)} [1]`);
    expect(a.text).toMatch(/The technical rating is (Strong Buy|Buy|Neutral|Sell|Strong Sell) \[2\]/);
    expect(a.text).toContain('P/E (trailing twelve months)');
    expectWellCited(a);
  });

  it("a fund's dividend yield by name: SPY from its ETF facts", async () => {
    const a = await ask('SPY dividend yield');
    expect(a.facts[0]).toMatchObject({ key: 'distribution_yield', symbol: 'SPY', href: '/etf/SPY' });
    expectWellCited(a);
  });

  it('an ETF metric by name: SPY expense ratio from the fund facts', async () => {
    const a = await ask('SPY expense ratio');
    const etf = (await load('SPY')).etf!;
    expect(a.text).toContain(`${formatFactValue({ value: etf.expense_ratio_pct!, unit: 'percent' })} [1]`);
    expectWellCited(a);
  });
  it("why AAPL's profitability grade is what it is: its largest pushes, the profitability tab's attribution shares", async () => {
    const a = await ask("Why is Apple's profitability grade what it is?");
    expect(a.intent).toBe('score_reason');
    const page = buildFundamental(await load('AAPL'), 'profitability');
    if (!page.ok) throw new Error(page.error.message);
    const grade = page.value.attribution.find((x) => x.target === 'grade_profitability')!;
    const top = [...grade.contributions].sort((x, y) => y.contribution - x.contribution)[0]!;
    // the answer's first push is the attribution's largest contribution, quoted at the page's value
    expect(a.text).toContain(`Pushing it up most: ${top.label} (+${top.contribution.toFixed(2)} [2]`);
    expect(a.facts[0]!.key).toBe('grade_profitability');
    expect(a.facts.map((f) => f.key)).toContain(`grade_profitability_by_${top.key}`);
    // "profitability" names the grade here, not the net margin
    expect(a.facts.some((f) => f.key.startsWith('grade_value') || f.key === 'net_margin')).toBe(false);
    expectWellCited(a);
  });

  it('why KO\'s Altman Z is where it is: the weighted ratios as shares; without "why" a plain metric answer', async () => {
    const a = await ask('Why is the Altman Z of KO where it is?');
    expect(a.intent).toBe('score_reason');
    expect(a.text).toMatch(/Altman Z″? is \d+\.\d\d \[1\]/);
    expect(a.facts.filter((f) => f.key.startsWith('altman_z_by_')).length).toBeGreaterThan(0);
    expectWellCited(a);
    expect((await ask("What is KO's Altman Z?")).intent).toBe('metric');
  });
});
