import type { AnalysisInputs, AnalysisKind, Fact, FundamentalSubtype } from '../analysis/analysis-types.ts';
import { listAllContributionFacts } from '../analysis/attribution/driver-facts.ts';
import { analysisBuilders, type TechnicalSections } from '../analysis/runs/index.ts';
import { findUnbackedNumbers } from '../ai/number-validator.ts';
import type {
  AnalysisSummaryRead,
  CopilotDraft,
  CopilotFact,
  CopilotToolCall,
  CopilotToolResult,
  SummaryOf,
  SymbolDirectoryEntry,
} from '../copilot/copilot-types.ts';
import { type PlanContext, planOfflineAnswer } from '../copilot/plan-offline-answer.ts';
import { collectLineTrend } from '../copilot/company-facts.ts';
import { describeSpreadFacts } from '../copilot/spread-facts.ts';
import { collectMoveContext, SECTOR_FUNDS } from '../copilot/move-context.ts';
import { buildScreenerTable, type ScreenerTable } from '../screener/table.ts';
import { computeScreenerRow } from '../screener/row-values.ts';
import { buildDcfScenario } from '../copilot/dcf-scenario.ts';
import { computePriceStats } from '../copilot/price-stats.ts';

/*
 * For tests: the copilot's tools re-created over the pure builders (the server's tools build the same
 * analyses through the analyses feature), so the offline copilot can be tested end to end on the bundled
 * data without a server. Inputs come from a loader the test supplies.
 */

export type LoadInputs = (symbol: string) => Promise<AnalysisInputs>;

const TABS: FundamentalSubtype[] = ['overview', 'profitability', 'growth', 'valuation', 'financial-health', 'dividends', 'cash-flow'];
const SOURCES: Array<[AnalysisKind, FundamentalSubtype | null]> = [
  ['overview', null],
  ...TABS.map((t) => ['fundamental', t] as [AnalysisKind, FundamentalSubtype]),
  ['balance-sheet', null],
  ['technical', null],
  ['dcf', null],
  ['etf', null],
];

const hrefOf = (kind: AnalysisKind, symbol: string, subtype: FundamentalSubtype | null) =>
  kind === 'fundamental' ? `/fundamental-analysis/${symbol}/${subtype ?? 'overview'}` : `/${kind}/${symbol}`;

function collect(inputs: AnalysisInputs, sources: ReadonlyArray<[AnalysisKind, FundamentalSubtype | null]>, keep: (f: Fact) => boolean): CopilotFact[] {
  const seen = new Set<string>();
  const out: CopilotFact[] = [];
  for (const [kind, subtype] of sources) {
    const r = analysisBuilders[kind](inputs, subtype);
    if (!r.ok) continue;
    // each input's share of a grade or score, as the scores tool returns it
    for (const f of [...r.value.facts, ...listAllContributionFacts(r.value.facts, r.value.attribution)])
      if (keep(f) && !seen.has(f.key)) {
        seen.add(f.key);
        out.push({ ...f, symbol: inputs.symbol, href: hrefOf(kind, inputs.symbol, r.value.subtype) });
      }
  }
  return out;
}

const VOTE_WORDS = { '-1': 'Sell', '0': 'Neutral', '1': 'Buy' } as const;

const RATIO_KEYS = new Set([
  ...['gross_margin', 'operating_margin', 'net_margin', 'fcf_margin', 'roe', 'roa', 'roic', 'revenue_cagr_3y', 'revenue_cagr_5y', 'eps_cagr_3y', 'eps_cagr_5y'],
  ...['fcf_cagr_3y', 'fcf_cagr_5y', 'revenue_growth_1y', 'pe_ttm', 'price_sales', 'price_book', 'ev_ebitda', 'ev_sales', 'fcf_yield', 'dividend_yield'],
  ...['earnings_payout', 'fcf_payout', 'current_ratio', 'quick_ratio', 'debt_to_equity', 'net_debt_to_ebitda', 'interest_cover', 'asset_turnover'],
  ...['share_count_change', 'dividend_yield_ttm'],
]);
const SCORE_KEYS = new Set([
  'piotroski_f',
  'piotroski_tests_run',
  'altman_z',
  'altman_zone',
  'beneish_m',
  'sloan_accruals',
  'dividend_safety',
  'dividend_streak_years',
]);

const result = (call: CopilotToolCall, symbol: string | null, facts: CopilotFact[]): CopilotToolResult =>
  facts.length > 0 ? { tool: call.tool, symbol, facts } : { tool: call.tool, symbol, facts, error: { code: 'NO_DATA', message: `No figures for ${symbol}.` } };

/** One tool call answered from the builders on the loaded inputs. */
export async function runToolOnBuilders(call: CopilotToolCall, load: LoadInputs, loadScreenerTable?: () => Promise<ScreenerTable>): Promise<CopilotToolResult> {
  switch (call.tool) {
    case 'get_quote': {
      const inputs = await load(call.input.symbol);
      const q = inputs.quote;
      if (!q) return result(call, inputs.symbol, []);
      const at = { period: q.as_of, source: q.source, as_of: q.as_of, symbol: inputs.symbol, href: `/overview/${inputs.symbol}` };
      return result(call, inputs.symbol, [{ key: 'price', label: 'Price (delayed)', value: Math.round(q.price * 100) / 100, unit: 'usd_per_share', ...at }]);
    }
    case 'get_price_stats': {
      const inputs = await load(call.input.symbol);
      const history = inputs.daily ?? inputs.monthly;
      const stats = history ? computePriceStats(history, call.input.period) : null;
      if (!stats?.ok) return result(call, inputs.symbol, []);
      return result(
        call,
        inputs.symbol,
        stats.value.map((f) => ({ ...f, symbol: inputs.symbol, href: `/technical/${inputs.symbol}` })),
      );
    }
    case 'get_ratios': {
      const inputs = await load(call.input.symbol);
      return result(
        call,
        inputs.symbol,
        collect(
          inputs,
          TABS.map((t) => ['fundamental', t]),
          (f) => RATIO_KEYS.has(f.key),
        ),
      );
    }
    case 'get_scores': {
      const inputs = await load(call.input.symbol);
      return result(
        call,
        inputs.symbol,
        collect(
          inputs,
          TABS.map((t) => ['fundamental', t]),
          (f) => SCORE_KEYS.has(f.key) || f.key.startsWith('grade_') || /^(piotroski_f|altman_z|beneish_m|dividend_safety)_by_/.test(f.key),
        ),
      );
    }
    case 'get_fundamentals': {
      const inputs = await load(call.input.symbol);
      if (inputs.profile.type === 'etf')
        return result(
          call,
          inputs.symbol,
          collect(inputs, [['etf', null]], () => true),
        );
      return result(
        call,
        inputs.symbol,
        collect(
          inputs,
          [...TABS.map((t) => ['fundamental', t] as [AnalysisKind, FundamentalSubtype]), ['balance-sheet', null]],
          (f) => f.unit === 'usd' || f.key === 'price',
        ),
      );
    }
    case 'get_trend': {
      const inputs = await load(call.input.symbol);
      const placed = collectLineTrend(inputs, call.input.line, call.input.years);
      const facts = placed.ok
        ? placed.value.map(({ fact }) => ({ ...fact, symbol: inputs.symbol, href: `/fundamental-analysis/${inputs.symbol}/growth` }))
        : [];
      return result(call, inputs.symbol, facts);
    }
    case 'get_move_context': {
      const inputs = await load(call.input.symbol);
      const sector = inputs.profile.sector;
      const fund = sector ? SECTOR_FUNDS[sector] : undefined;
      // A fund without prices in the data (as the server's loader answers null for it).
      const sectorHistory = fund
        ? await load(fund).then(
            (i) => i.daily ?? null,
            () => null,
          )
        : null;
      const facts = collectMoveContext(inputs, call.input.period, sectorHistory).map((f) => ({
        ...f,
        symbol: f.key === 'price_change_percent' ? fund! : inputs.symbol,
        href: null,
      }));
      return { tool: call.tool, symbol: inputs.symbol, facts, notes: sector && fund ? [`sector: ${sector} (${fund})`] : [] };
    }
    case 'get_distribution': {
      // The tests' screener table, when the test gives one (building the universe's is the screener's job).
      const table = await loadScreenerTable?.();
      if (!table) return result(call, null, []);
      return { tool: call.tool, symbol: call.input.symbol ?? null, ...describeSpreadFacts(table, call.input.field, call.input.symbol) };
    }
    case 'get_technical_rating': {
      const inputs = await load(call.input.symbol);
      const facts = collect(inputs, [['technical', null]], () => true);
      const built = analysisBuilders.technical(inputs, null);
      const rating = built.ok ? (built.value.sections as TechnicalSections).rating : null;
      if (rating) {
        const at = { period: rating.date, source: 'computed', as_of: rating.date, symbol: inputs.symbol, href: `/technical/${inputs.symbol}` };
        for (const v of [...rating.movingAverages.votes, ...rating.oscillators.votes])
          facts.push({ key: `vote_${v.id}`, label: `${v.name} vote`, value: VOTE_WORDS[v.vote], unit: 'label', ...at });
      }
      return result(call, inputs.symbol, facts);
    }
    case 'get_dcf': {
      const { symbol, ...choices } = call.input;
      const inputs = await load(symbol);
      const r = buildDcfScenario(inputs, choices);
      if (!r.ok) return { tool: 'get_dcf', symbol: inputs.symbol, facts: [], error: { code: 'UNPROCESSABLE', message: r.error.message } };
      return result(
        call,
        inputs.symbol,
        r.value.facts.map((f) => ({ ...f, symbol: inputs.symbol, href: `/dcf/${inputs.symbol}` })),
      );
    }
    case 'compare_symbols': {
      const facts: CopilotFact[] = [];
      for (const s of call.input.symbols) facts.push(...collect(await load(s), SOURCES, (f) => call.input.keys.includes(f.key)));
      return result(call, null, facts);
    }
    case 'list_my_analyses':
    // The screener's table is the server's (the copilot feature's tests cover it); the parser never plans it.
    case 'screen':
      return result(call, null, []);
  }
}

/**
 * Numbers in a draft that none of its cited facts backs: the shared number validator (core/ai) on the text
 * with its [n] markers taken out (footnote numbers, not figures), as the copilot service checks a draft.
 */
export async function readSummaryOnBuilders(symbol: string, of: SummaryOf, load: LoadInputs, owned = false): Promise<AnalysisSummaryRead> {
  const href = hrefOf(of.kind, symbol, of.subtype);
  const built = analysisBuilders[of.kind](await load(symbol), of.subtype);
  if (!built.ok) return { symbol, as_of: '', facts: [], note: null, href, owned, error: { code: 'UNPROCESSABLE', message: built.error.message } };
  const facts = built.value.facts.map((f) => ({ ...f, symbol, href }));
  return { symbol, as_of: built.value.as_of, facts, note: built.value.note, href, owned };
}

export function findUnbackedInDraft(draft: CopilotDraft): string[] {
  return findUnbackedNumbers(draft.text.replace(/\[\d+\]/g, ''), draft.facts).map((u) => `"${u.token}": ${u.reason}`);
}

/**
 * For the evaluation set: a screener table over every listed symbol the loader has prices for (the server builds
 * its own from the universe the same way, computeScreenerRow per name), built once on first use (about 2 s).
 */
export function memoiseScreenerTable(symbols: readonly string[], load: LoadInputs): () => Promise<ScreenerTable> {
  let table: Promise<ScreenerTable> | null = null;
  return () =>
    (table ??= (async () => {
      const rows = [];
      let dataAsOf = '';
      for (const s of symbols) {
        const inputs = await load(s).catch(() => null);
        if (!inputs) continue;
        rows.push(computeScreenerRow(inputs));
        if (inputs.asOf > dataAsOf) dataAsOf = inputs.asOf;
      }
      return buildScreenerTable(rows, { dataAsOf });
    })());
}

/** What the offline asker reads: the bundled data (server/adapters/market-data/bundled), passed in so core stays pure. */
export interface AnalysisDataSource {
  load(symbol: string): Promise<AnalysisInputs>;
  provider: { listings(): Promise<{ file: { symbol: readonly string[]; name: readonly string[]; etf: ArrayLike<unknown> } }> };
}

/**
 * The offline copilot over the builders, as the copilot's tests and `npm run eval:copilot` use it: each symbol's
 * inputs loaded once, the symbol directory from the listings, and `ask` = plan → tools → written answer.
 */
export function createOfflineAsker(data: AnalysisDataSource, options: { loadScreenerTable?: () => Promise<ScreenerTable> } = {}) {
  const cache = new Map<string, Promise<AnalysisInputs>>();
  const load: LoadInputs = (symbol) => {
    if (!cache.has(symbol)) cache.set(symbol, data.load(symbol));
    return cache.get(symbol)!;
  };
  let directory: Promise<SymbolDirectoryEntry[]> | undefined;
  const listDirectory = () =>
    (directory ??= data.provider
      .listings()
      .then(({ file }) => file.symbol.map((symbol, i) => ({ symbol, name: file.name[i]!, type: file.etf[i] ? ('etf' as const) : ('stock' as const) }))));
  // The screener's table over every listed symbol by default, built on the first question that needs it.
  let wholeTable: (() => Promise<ScreenerTable>) | undefined;
  const loadWholeTable = async () => {
    wholeTable ??= memoiseScreenerTable(
      (await listDirectory()).map((e) => e.symbol),
      load,
    );
    return wholeTable();
  };
  const loadScreenerTable = options.loadScreenerTable ?? loadWholeTable;
  const runTool = (call: CopilotToolCall) => runToolOnBuilders(call, load, loadScreenerTable);
  /** A summary's analysis from its builder, as the analyses feature builds it; nobody owns a run here. */
  const readSummary = (symbol: string, of: SummaryOf) => readSummaryOnBuilders(symbol, of, load);
  /** The answer to a question the planner turns into tool calls (it throws on a refusal or a direct answer). */
  async function ask(question: string, context?: PlanContext): Promise<CopilotDraft & { intent: string; calls: CopilotToolCall[] }> {
    const plan = planOfflineAnswer(question, await listDirectory(), context);
    if (plan.kind !== 'tools') throw new Error(`expected tool calls for "${question}", got ${plan.kind}`);
    const results = await Promise.all(plan.calls.map(runTool));
    return { ...plan.compose(results), intent: plan.intent, calls: plan.calls };
  }
  return { load, listDirectory, runTool, readSummary, ask };
}
