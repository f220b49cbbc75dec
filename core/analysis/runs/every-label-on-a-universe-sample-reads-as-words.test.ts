import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { describeDataSource } from '../../market/source-names.ts';
import { formatOrdinal } from '../../text/ordinal.ts';
import { type AnalysisBody, fundamentalSubtypes } from '../analysis-types.ts';
import { describeVoteInput } from '../attribution/technical-rating-attribution.ts';
import { findInputLabel } from '../describe-inputs.ts';
import { classifyCompany } from '../fundamentals/company-class.ts';
import { buildScorecardHistory } from '../scorecards/scorecards.ts';
import type { TechnicalRating } from '../technical-rating.ts';
import { analysisBuilders, checkAvailability } from './index.ts';

/*
 * Labels a person reads (issue 28, part 5): on every 25th listing of the snapshot, every string an
 * analysis, its attribution or a scorecard puts in front of a person — fact labels, table row names,
 * vote inputs, missing-figure reasons, explanations, the note, a refusal — is words: no snake_case key,
 * no lowerCamelCase token, ordinals spelled right ("42nd", never "42th"), a percentile in words
 * ("72nd percentile", not "percentile 72.1"), a unit written once ("26.92 %", not "26.92 % %"), and
 * every source named by its publisher.
 */

/** Real names that are lowerCamelCase (brands in company and fund names are taken out before the check). */
const ALLOWED_CAMEL = new Set(['iShares', 'eBay']);

function findProblems(text: string, names: readonly string[]): string[] {
  let t = text;
  for (const n of names) if (n) t = t.split(n).join('NAME');
  const problems: string[] = [];
  if (t.includes('_')) problems.push('snake_case');
  const camel = (t.match(/\b[a-z]+[A-Z]\w*\b/g) ?? []).filter((w) => !ALLOWED_CAMEL.has(w));
  if (camel.length) problems.push(`camelCase ${camel.join(' ')}`);
  for (const m of t.matchAll(/\b(\d+)(st|nd|rd|th)\b/g)) if (formatOrdinal(Number(m[1])) !== m[0]) problems.push(`ordinal ${m[0]}`);
  if (/\bpercentile \d|\d+(st|nd|rd|th) pct\b/.test(t)) problems.push('percentile as a number');
  if (/%\s*%|×\s*×|\$\S*\s*USD\b/.test(t)) problems.push('unit twice');
  return problems;
}

/** Every string of a body a page, PDF or answer shows (not the keys, codes and enums the web maps to words). */
function collectShown(body: AnalysisBody): string[] {
  const out: string[] = [];
  for (const f of body.facts) {
    // a source still shown as its dataset id ("yahoo-daily") is reported as a code name
    const source = describeDataSource(f.source);
    out.push(f.label, /^[a-z0-9]+(-[a-z0-9]+)*$/.test(source) ? `source_id ${source}` : source, typeof f.value === 'string' ? f.value : '');
  }
  for (const s of [body.note.headline, ...body.note.strengths, ...body.note.risks, body.note.verdict]) out.push(s.text);
  for (const a of body.attribution) {
    out.push(a.label, a.verdict ?? '');
    for (const c of a.contributions) out.push(c.label, c.explanation);
  }
  const s = body.sections as Record<string, unknown> & {
    missing?: Array<{ label: string; reason: string }>;
    grades?: Array<{ reason: string | null }>;
    piotroski?: { tests: Array<{ label: string; missing: string[] }> } | null;
    altman?: { variables: Array<{ label: string }> } | null;
    beneish?: { variables: Array<{ label: string }> } | null;
    dividend_safety?: { components: Array<{ note: string | null }> } | null;
    ratios_by_year?: Array<{ values: Record<string, unknown> }>;
    lines_by_year?: Array<{ values: Record<string, unknown> }>;
    rating?: TechnicalRating | null;
  };
  for (const m of s.missing ?? []) out.push(m.label, m.reason);
  for (const g of s.grades ?? []) out.push(g.reason ?? '');
  for (const t of s.piotroski?.tests ?? []) out.push(t.label, ...t.missing);
  for (const v of [...(s.altman?.variables ?? []), ...(s.beneish?.variables ?? [])]) out.push(v.label);
  for (const c of s.dividend_safety?.components ?? []) out.push(c.note ?? '');
  // a by-year table's rows are named by the catalogue or the statement line, never by the key
  for (const row of [...(s.ratios_by_year ?? []), ...(s.lines_by_year ?? [])])
    for (const k of Object.keys(row.values)) out.push(findInputLabel(k) ?? `row without a label: ${k}`);
  // the technical kind's vote tables (another kind's `rating` is its summary, without votes)
  if (body.kind === 'technical' && s.rating)
    for (const g of [s.rating.movingAverages, s.rating.oscillators]) {
      for (const v of g.votes) out.push(v.name, v.rule, ...Object.keys(v.inputs).map(describeVoteInput));
      for (const o of g.omitted) out.push(o.name);
    }
  return out.filter(Boolean);
}

describe('labels a person reads, over a sample of the universe', () => {
  it('the checker itself refuses each kind of code name and badly written figure', () => {
    expect(findProblems('gross_profit is not reported', [])).toEqual(['snake_case']);
    expect(findProblems('RSI a bar earlier 71.20, rsiPrev 70.1', [])).toEqual(['camelCase rsiPrev']);
    expect(findProblems('Financial health grade C (41th percentile in Energy)', [])).toEqual(['ordinal 41th']);
    expect(findProblems('Value grade B (percentile 61.4 in Energy)', [])).toEqual(['percentile as a number']);
    expect(findProblems('net margin 26.92 % %', [])).toEqual(['unit twice']);
    expect(findProblems('PepsiCo (PEP) sits in the Altman safe zone; iShares Core S&P 500', ['PepsiCo'])).toEqual([]);
  });

  it('every analysis, attribution and scorecard string is words: no code names, ordinals right, units once', async () => {
    const data = openBundledAnalysisData();
    const listings = await data.provider.listings();
    const symbols = listings.file.symbol.filter((_, i) => i % 25 === 0);
    const problems = new Set<string>();
    const check = (where: string, texts: readonly string[], names: readonly string[]) => {
      for (const text of texts) for (const p of findProblems(text, names)) problems.add(`${where}: ${p} in "${text}"`);
    };
    let bodies = 0;
    let scorecards = 0;
    for (const symbol of symbols) {
      const listing = await data.provider.getListing(symbol);
      const profile = await data.provider.getProfile!(symbol);
      if (!listing || !profile || !listing.coverage.history) continue;
      const inputs = await data.load(symbol);
      const names = [profile.name, symbol];
      for (const kind of ['overview', 'technical', 'balance-sheet', 'dcf', 'etf', 'fundamental'] as const) {
        if (checkAvailability(kind, { profile, coverage: listing.coverage })) continue;
        for (const subtype of kind === 'fundamental' ? fundamentalSubtypes : [null]) {
          const r = analysisBuilders[kind](inputs, subtype);
          const where = `${symbol} ${kind}${subtype ? `/${subtype}` : ''}`;
          if (!r.ok) {
            check(where, [r.error.message], names);
            continue;
          }
          bodies++;
          check(where, collectShown(r.value), names);
        }
      }
      if (inputs.fundamentals && profile.type !== 'etf') {
        const bars = inputs.daily?.bars ?? inputs.monthly?.bars ?? [];
        const closes = bars.length ? { dates: bars.map((b) => b.date), close: bars.map((b) => b.close) } : null;
        const companyClass = classifyCompany({ sector: profile.sector, industry: profile.industry, sicDescription: profile.sic_description });
        for (const y of buildScorecardHistory(inputs.fundamentals, companyClass, closes, inputs.asOf)) {
          for (const card of [y.piotroski, y.altman, y.beneish]) {
            scorecards++;
            check(`${symbol} ${card.kind} FY${y.fiscalYear}`, [card.reason ?? '', card.threshold], names);
            for (const c of card.criteria)
              check(`${symbol} ${card.kind} FY${y.fiscalYear}`, [c.label, c.note ?? '', c.threshold, ...c.inputs.map((i) => i.label)], names);
          }
        }
      }
    }
    expect([...problems]).toEqual([]);
    expect(bodies).toBeGreaterThan(100);
    expect(scorecards).toBeGreaterThan(100);
  }, 180_000);
});
