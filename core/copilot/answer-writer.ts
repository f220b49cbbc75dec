import { ANALYSIS_DISCLAIMER } from '../analysis/analysis-names.ts';
import { lowerLabel } from '../analysis/writer/note-rules.ts';
import { findFactDefinition } from '../facts/catalogue.ts';
import { formatFactValue } from '../facts/format-fact.ts';
import type { CopilotDraft, CopilotFact, CopilotPeriod, CopilotToolResult, SymbolDirectoryEntry } from './copilot-types.ts';
import { describeTermOnPages, type GlossaryTerm } from './glossary.ts';
import { type Metric, titleOf } from './metric-catalog.ts';
import type { CalendarSpan } from './period-phrases.ts';
import { PERIOD_WORDS } from './price-stats.ts';

/*
 * Answers written from tool results. Every number in the text is a fact's value rendered by the writer's
 * formatFactValue (the figures the pages show) and carries a [n] marker pointing at that fact; sentences
 * add only words. A figure a tool did not return is said to be unavailable, never estimated.
 */

/** Numbers the draft cites, in marker order; the same fact cited twice keeps its first number. */
class Citations {
  readonly facts: CopilotFact[] = [];
  private readonly numbers = new Map<string, number>();

  cite(fact: CopilotFact): string {
    const id = `${fact.symbol ?? ''}|${fact.key}|${fact.period}`;
    let n = this.numbers.get(id);
    if (n === undefined) {
      this.facts.push(fact);
      n = this.facts.length;
      this.numbers.set(id, n);
    }
    return `[${n}]`;
  }

  /** The fact's value as the pages show it, with its marker. */
  show(fact: CopilotFact): string {
    return `${formatFactValue(fact)} ${this.cite(fact)}`;
  }

  /** The size of a signed figure ("fell 4.2%"), its sign said in words by the caller. */
  showSize(fact: CopilotFact): string {
    return typeof fact.value === 'number' ? `${formatFactValue({ value: Math.abs(fact.value), unit: fact.unit })} ${this.cite(fact)}` : this.show(fact);
  }

  draft(lines: readonly string[]): CopilotDraft {
    return { text: lines.filter(Boolean).join('\n'), facts: this.facts };
  }
}

/** "Apple Inc. (AAPL)"; the ticker alone when the name holds a digit ("3M"), which no fact would back. */
const nameOf = (e: SymbolDirectoryEntry): string => {
  if (/\d/.test(e.name)) return e.symbol;
  // Listings file some names article last: "Coca-Cola Company (The)".
  const name = e.name.replace(/^(.*?),? \(The\)$/, 'The $1');
  return `${name} (${e.symbol})`;
};

/** The first fact of `symbol` with one of `keys`, in the order of the keys. */
export function findFact(results: readonly CopilotToolResult[], symbol: string, keys: readonly string[]): CopilotFact | undefined {
  for (const key of keys)
    for (const r of results) {
      const f = r.facts.find((x) => x.key === key && (x.symbol ?? r.symbol) === symbol);
      if (f) return { ...f, symbol: f.symbol ?? r.symbol };
    }
  return undefined;
}

/** Why a symbol's tools returned nothing, in words a reader can take (a message carrying figures is not quoted: no fact backs them). */
function explainMissing(results: readonly CopilotToolResult[], entry: SymbolDirectoryEntry, what: string): string {
  const error = results.find((r) => r.error && (r.symbol === entry.symbol || r.symbol === null))?.error;
  const reason = error && !/\d/.test(error.message) ? `: ${error.message.replace(/\.$/, '')}` : '';
  return `I could not get ${what} for ${nameOf(entry)}${reason}.`;
}

const isNumeric = (f: CopilotFact | undefined): f is CopilotFact & { value: number } => f !== undefined && typeof f.value === 'number';

/** A word for where an RSI, Piotroski or Altman figure sits; no thresholds in figures (they are not facts). */
function readLevel(metric: Metric, fact: CopilotFact, results: readonly CopilotToolResult[], symbol: string, c: Citations): string {
  if (!isNumeric(fact)) return '';
  if (metric.id === 'rsi')
    return fact.value >= 70 ? ' — overbought territory' : fact.value <= 30 ? ' — oversold territory' : ' — neither overbought nor oversold';
  if (metric.id === 'piotroski') return fact.value >= 7 ? ' — strong' : fact.value <= 3 ? ' — weak' : ' — middling';
  if (metric.id === 'altman') {
    const zone = findFact(results, symbol, ['altman_zone']);
    return zone ? `, in the ${String(zone.value).toLowerCase()} zone ${c.cite(zone)}` : '';
  }
  return '';
}

/** A named metric (or several) for one symbol. */
export function writeMetricAnswer(entry: SymbolDirectoryEntry, wanted: readonly Metric[], results: readonly CopilotToolResult[]): CopilotDraft {
  const c = new Citations();
  const lines: string[] = [];
  for (const metric of wanted) {
    const main = findFact(results, entry.symbol, metric.keys);
    if (!main) {
      lines.push(explainMissing(results, entry, titleOf(metric)));
      continue;
    }
    let line = `${nameOf(entry)}: ${main.label} is ${c.show(main)}${readLevel(metric, main, results, entry.symbol, c)} (${main.period}).`;
    const extras = metric.keys
      .filter((k) => k !== main.key && k !== 'altman_zone')
      .map((k) => findFact(results, entry.symbol, [k]))
      .filter((f): f is CopilotFact => f !== undefined);
    if (extras.length > 0) line += ` ${extras.map((f) => `${f.label}: ${c.show(f)}`).join('; ')}.`;
    lines.push(line);
  }
  return c.draft(lines);
}

/** Several symbols side by side on each metric, ranked, with which end reads better where one does. */
export function writeComparison(entries: readonly SymbolDirectoryEntry[], wanted: readonly Metric[], results: readonly CopilotToolResult[]): CopilotDraft {
  const c = new Citations();
  const lines: string[] = [];
  for (const metric of wanted) {
    const rows = entries.map((e) => ({ e, f: findFact(results, e.symbol, metric.keys) }));
    const known = rows.filter((r): r is { e: SymbolDirectoryEntry; f: CopilotFact } => r.f !== undefined);
    if (known.length === 0) {
      lines.push(`I could not get ${titleOf(metric)} for ${entries.map((e) => e.symbol).join(', ')}.`);
      continue;
    }
    const numeric = known.every((r) => typeof r.f.value === 'number');
    const ranked = numeric ? [...known].sort((a, b) => (b.f.value as number) - (a.f.value as number)) : known;
    const label = known[0]!.f.label;
    lines.push(`${label}: ${ranked.map((r) => `${nameOf(r.e)} ${c.show(r.f)}`).join(', ')}.`);
    if (numeric && ranked.length > 1) {
      const top = ranked[0]!;
      const bottom = ranked[ranked.length - 1]!;
      if (top.f.value === bottom.f.value) lines.push(`They are level on ${titleOf(metric)}.`);
      else if (metric.better) {
        const best = metric.better === 'higher' ? top : bottom;
        lines.push(
          `${best.e.symbol} has the ${metric.better === 'higher' ? 'highest' : 'lowest'} ${titleOf(metric)}; ${metric.better} usually reads as better here.`,
        );
      } else lines.push(`${top.e.symbol} has the highest ${titleOf(metric)}, ${bottom.e.symbol} the lowest.`);
    }
    const missing = rows.filter((r) => r.f === undefined).map((r) => r.e.symbol);
    if (missing.length) lines.push(`No ${titleOf(metric)} for ${missing.join(', ')}.`);
    const periods = new Set(known.map((r) => r.f.period));
    if (periods.size > 1) lines.push(`The figures cover different periods; the footnotes give each one.`);
  }
  return c.draft(lines);
}

/** A calendar span the question named ("last month") as today reads it, and today (ISO). */
export interface AskedSpan {
  span: CalendarSpan;
  today: string;
}

/**
 * What "last month" meant today against the day the data ends, when the two days differ: the span named (cited as
 * a fact whose period holds its dates) and where it falls against the data, so a window that cannot reach it is
 * never passed off as it. Empty when today is the data day.
 */
function describeAskedSpan(asked: AskedSpan | undefined, dataEnd: string, c: Citations): string {
  if (!asked || asked.today === dataEnd) return '';
  const { span, today } = asked;
  const phrase = span.phrase.charAt(0).toUpperCase() + span.phrase.slice(1);
  const fact: CopilotFact = {
    key: 'asked_period',
    label: `${phrase} as of ${today}`,
    value: span.name,
    unit: 'label',
    period: `${span.from} to ${span.to}`,
    source: 'computed',
    as_of: today,
    symbol: null,
    href: null,
  };
  const named = `${phrase} (${span.name}) ${c.cite(fact)}`;
  if (span.from > dataEnd) return `${named} is after our data ends on ${dataEnd}; here is the latest we have instead.`;
  if (span.to > dataEnd) return `${named} runs past our data, which ends on ${dataEnd}; the figures stop there.`;
  return `${named} ended before our data does (on ${dataEnd}); our price windows end on that last day, so the figures below are not for ${span.name} exactly.`;
}

/** Price change over a period (get_price_stats): the change, the closes it runs between, the high and low. */
export function writePriceChange(entry: SymbolDirectoryEntry, period: CopilotPeriod, results: readonly CopilotToolResult[], asked?: AskedSpan): CopilotDraft {
  const c = new Citations();
  const change = findFact(results, entry.symbol, ['price_change_percent']);
  const start = findFact(results, entry.symbol, ['start_close']);
  const end = findFact(results, entry.symbol, ['end_close']);
  const over = period === 'ytd' ? 'year to date' : `over ${PERIOD_WORDS[period]}`;
  if (!isNumeric(change) || !start || !end) return c.draft([explainMissing(results, entry, `the price change ${over}`)]);
  const verb = change.value > 0 ? 'rose' : change.value < 0 ? 'fell' : 'was unchanged';
  // Cited first: markers run in the order the text reads.
  const spanLine = describeAskedSpan(asked, end.as_of, c);
  const size = change.value === 0 ? '' : ` ${c.showSize(change)}`;
  const lines = [spanLine, `${nameOf(entry)} ${verb}${size} ${over}: from ${c.show(start)} on ${start.as_of} to ${c.show(end)} on ${end.as_of}.`];
  const high = findFact(results, entry.symbol, ['period_high']);
  const low = findFact(results, entry.symbol, ['period_low']);
  if (high && low) lines.push(`Over the period it traded as high as ${c.show(high)} and as low as ${c.show(low)}.`);
  return c.draft(lines);
}

/** The latest price (a quote). */
export function writeQuote(entry: SymbolDirectoryEntry, results: readonly CopilotToolResult[]): CopilotDraft {
  const c = new Citations();
  const price = findFact(results, entry.symbol, ['quote_price', 'price', 'close']);
  if (!price) return c.draft([explainMissing(results, entry, 'a price')]);
  const lines = [`${nameOf(entry)} last closed at ${c.show(price)} (${price.period}; prices are delayed).`];
  const change = findFact(results, entry.symbol, ['quote_change_percent']);
  if (isNumeric(change) && change.value !== 0) lines.push(`That is ${change.value > 0 ? 'up' : 'down'} ${c.showSize(change)} on the previous close.`);
  return c.draft(lines);
}

/** A symbol at a glance: the last close, the technical rating, and a few key figures (a fund's costs and yield). */
export function writeSnapshot(entry: SymbolDirectoryEntry, results: readonly CopilotToolResult[]): CopilotDraft {
  const c = new Citations();
  const s = entry.symbol;
  const lines: string[] = [];
  const price = findFact(results, s, ['quote_price', 'price', 'close']);
  if (price) lines.push(`${nameOf(entry)} last closed at ${c.show(price)} (${price.period}; prices are delayed).`);
  const rating = findFact(results, s, ['technical_rating']);
  if (rating) lines.push(`The technical rating is ${c.show(rating)}.`);
  const keys =
    entry.type === 'etf'
      ? ['expense_ratio', 'dividend_yield_ttm', 'distribution_yield', 'holdings_count', 'top10_weight']
      : ['pe_ttm', 'net_margin', 'revenue_growth_1y', 'dividend_yield', 'debt_to_equity'];
  const figures = keys.map((k) => findFact(results, s, [k])).filter((f): f is CopilotFact => f !== undefined);
  if (figures.length > 0) lines.push(`Key figures: ${figures.map((f) => `${f.label} ${c.show(f)}`).join('; ')}.`);
  if (lines.length === 0) return c.draft([explainMissing(results, entry, 'figures')]);
  lines.push(`Ask about any of them, the technical signal, the DCF or a price change for more.`);
  return c.draft(lines);
}

const RATING_WORDS: Record<string, string> = {
  'Strong Buy': 'clearly bullish',
  Buy: 'bullish',
  Neutral: 'neither bullish nor bearish',
  Sell: 'bearish',
  'Strong Sell': 'clearly bearish',
};

/** The technical rating and why: each group's label and votes, then the RSI and the price against its averages. */
export function writeTechnicalSignal(entry: SymbolDirectoryEntry, results: readonly CopilotToolResult[]): CopilotDraft {
  const c = new Citations();
  const s = entry.symbol;
  const rating = findFact(results, s, ['technical_rating']);
  if (!rating) return c.draft([explainMissing(results, entry, 'a technical rating')]);
  const score = findFact(results, s, ['technical_rating_score']);
  const lines = [
    `${nameOf(entry)}: the technical rating is ${c.show(rating)}${score ? `, score ${c.show(score)} on a scale from −1 (all sell) to 1 (all buy)` : ''} — the chart reads ${RATING_WORDS[String(rating.value)] ?? 'as rated'} on ${rating.period}.`,
  ];
  for (const [group, label, prefix] of [
    ['ma_rating', 'moving averages', 'ma'],
    ['oscillator_rating', 'oscillators', 'oscillator'],
  ] as const) {
    const g = findFact(results, s, [group]);
    if (!g) continue;
    const buy = findFact(results, s, [`${prefix}_buy_votes`]);
    const sell = findFact(results, s, [`${prefix}_sell_votes`]);
    const all = findFact(results, s, [`${prefix}_votes`]);
    const votes = buy && sell && all ? `: ${c.show(buy)} of ${c.show(all)} vote buy and ${c.show(sell)} vote sell, the rest neutral` : '';
    lines.push(`Why: the ${label} say ${c.show(g)}${votes}.`);
  }
  // Each vote (vote_sma_200 = "Buy"), named: which indicators pulled which way.
  const votes = results.flatMap((r) => r.facts.filter((f) => f.key.startsWith('vote_') && (f.symbol ?? r.symbol) === s));
  for (const side of ['Buy', 'Sell'] as const) {
    const cast = votes.filter((v) => v.value === side);
    if (cast.length > 0) lines.push(`Voting ${side.toLowerCase()}: ${cast.map((v) => `${v.label.replace(/ vote$/, '')} ${c.cite(v)}`).join(', ')}.`);
  }
  const rsi = findFact(results, s, ['rsi_14']);
  if (isNumeric(rsi))
    lines.push(`${rsi.label} is ${c.show(rsi)}${rsi.value >= 70 ? ', overbought territory' : rsi.value <= 30 ? ', oversold territory' : ''}.`);
  const close = findFact(results, s, ['close', 'price']);
  const trend = ['sma_50', 'sma_200']
    .map((k) => findFact(results, s, [k]))
    .filter(isNumeric)
    .filter(() => isNumeric(close));
  if (isNumeric(close) && trend.length > 0)
    lines.push(
      `The close of ${c.show(close)} is ${trend.map((m) => `${close.value >= m.value ? 'above' : 'below'} its ${m.label} of ${c.show(m)}`).join(' and ')}.`,
    );
  lines.push('This describes the chart by fixed rules; it is not advice.');
  return c.draft(lines);
}

/** "Return on equity" from "Return on equity: contribution to the profitability grade". */
const nameContribution = (f: CopilotFact) => f.label.replace(/: contribution to the .*$/, '');

/**
 * Why a grade or score is what it is, from its attribution: the score, then the inputs that pushed it up
 * and down most (up to three each), each with its share of the score (`<key>_by_<input>` facts).
 */
export function writeScoreReasons(entry: SymbolDirectoryEntry, keys: readonly string[], results: readonly CopilotToolResult[]): CopilotDraft {
  const c = new Citations();
  const lines: string[] = [];
  const signed = (f: CopilotFact) => `${(f.value as number) < 0 ? '−' : '+'}${c.showSize(f)}`;
  for (const key of keys) {
    const main = findFact(results, entry.symbol, [key]);
    if (!main) {
      lines.push(explainMissing(results, entry, `the ${lowerLabel(findFactDefinition(key)?.label ?? key)}`));
      continue;
    }
    const shares = results
      .flatMap((r) => r.facts.filter((f) => f.key.startsWith(`${key}_by_`) && (f.symbol ?? r.symbol) === entry.symbol && typeof f.value === 'number'))
      .sort((a, b) => Math.abs(b.value as number) - Math.abs(a.value as number));
    const up = shares.filter((f) => (f.value as number) > 0).slice(0, 3);
    const down = shares.filter((f) => (f.value as number) < 0).slice(0, 3);
    let line = `${nameOf(entry)}: ${main.label} is ${c.show(main)} (${main.period}).`;
    if (up.length > 0) line += ` Pushing it up most: ${up.map((f) => `${nameContribution(f)} (${signed(f)})`).join(', ')}.`;
    if (down.length > 0) line += ` Holding it back most: ${down.map((f) => `${nameContribution(f)} (${signed(f)})`).join(', ')}.`;
    if (shares.length === 0) line += ' No input moved it from where it starts.';
    lines.push(line);
  }
  if (lines.length > 0) lines.push('Each share is what that input adds to or takes from the score; the analysis page draws them as a waterfall.');
  return c.draft(lines);
}

/** Fair value against the price, the upside or downside, the rates behind it and the growth the price implies. */
export function writeValuation(entry: SymbolDirectoryEntry, results: readonly CopilotToolResult[]): CopilotDraft {
  const c = new Citations();
  const s = entry.symbol;
  const fair = findFact(results, s, ['fair_value_per_share']);
  const price = findFact(results, s, ['price']);
  if (!fair || !price) return c.draft([explainMissing(results, entry, 'a DCF valuation')]);
  const upside = findFact(results, s, ['upside_percent']);
  const lines = [`Our DCF puts the fair value of ${nameOf(entry)} at ${c.show(fair)} a share against a price of ${c.show(price)}.`];
  if (isNumeric(upside))
    lines.push(
      upside.value > 0
        ? `On these assumptions the model values the shares above their price: ${c.showSize(upside)} upside.`
        : upside.value < 0
          ? `On these assumptions the shares look overvalued: ${c.showSize(upside)} downside.`
          : 'On these assumptions the price equals the fair value.',
    );
  // The range (bear and bull cases) says how firm the verdict is: a price inside it is not clearly mispriced.
  const low = findFact(results, s, ['fair_value_low']);
  const high = findFact(results, s, ['fair_value_high']);
  const insideRange = isNumeric(low) && isNumeric(high) && isNumeric(price) && price.value >= low.value && price.value <= high.value;
  if (isNumeric(low) && isNumeric(high) && isNumeric(price))
    lines.push(
      `Its range runs from ${c.show(low)} (bear case) to ${c.show(high)} (bull case); the price is ${insideRange ? 'inside the range, so that verdict is not clear-cut' : price.value < low.value ? 'below even the bear case' : 'above even the bull case'}.`,
    );
  const checks = [
    findFact(results, s, ['model_value_per_share']),
    findFact(results, s, ['relative_value_per_share']),
    findFact(results, s, ['ddm_value_per_share']),
  ].filter((f): f is CopilotFact => f !== undefined);
  if (checks.length > 1) lines.push(`The blend's cross-checks: ${checks.map((f) => `${lowerLabel(f.label)} ${c.show(f)}`).join(', ')}.`);
  const wacc = findFact(results, s, ['wacc']);
  const tg = findFact(results, s, ['terminal_growth']);
  const growth = findFact(results, s, ['explicit_growth']);
  const parts = [
    wacc && `a WACC of ${c.show(wacc)}`,
    growth && `free cash flow growing ${c.show(growth)} a year in the explicit years`,
    tg && `terminal growth of ${c.show(tg)}`,
  ].filter(Boolean);
  if (parts.length) lines.push(`It assumes ${parts.join(', ')}.`);
  const implied = findFact(results, s, ['implied_growth']);
  if (implied) lines.push(`The price implies ${c.show(implied)} a year of free cash flow growth (reverse DCF).`);
  const terminal = findFact(results, s, ['terminal_value_share']);
  if (isNumeric(terminal))
    lines.push(
      `The terminal value is ${c.show(terminal)} of the enterprise value${terminal.value > 75 ? ', so the answer rests mostly on the long run' : ''}.`,
    );
  lines.push('A DCF is only as good as its inputs; change them on the DCF page.');
  return c.draft(lines);
}

/**
 * A glossary term: what it means and the formula the app uses. It cites the glossary entry itself (the
 * formula as the fact's value, the engine file as its source), which backs the formula's constants.
 */
export function writeDefinition(term: GlossaryTerm): CopilotDraft {
  // The figures the term names, as every page names and writes them (the fact catalogue).
  const shown = describeTermOnPages(term.id);
  const fact: CopilotFact = {
    key: `glossary_${term.id}`,
    // The label carries the definition, the value the formula: together they back every number written.
    label: `${term.name}: ${term.definition}${shown ? ` ${shown}` : ''}`,
    value: term.formula,
    unit: 'label',
    period: 'definition',
    source: term.source,
    as_of: '',
    symbol: null,
    href: null,
  };
  return { text: `${term.name}: ${term.definition}\nHow we compute it [1]: ${term.formula}${shown ? `\n${shown}` : ''}`, facts: [fact] };
}

/** The market the "why did it move" answer measures a move against. */
export const MARKET_BENCHMARK = 'SPY';

/** How a move compares with the market's, in words (the gap is not a fact the answer could cite). */
export function describeAgainstMarket(stockPct: number, marketPct: number): string {
  if (Math.abs(marketPct) < 0.5) return 'the market barely moved, so the move was the stock’s own';
  if (Math.sign(stockPct) !== Math.sign(marketPct)) return 'the stock moved against the market';
  const ratio = stockPct / marketPct;
  if (ratio > 1.5) return 'the stock moved further than the market, so much of the move was its own';
  if (ratio < 2 / 3) return 'the stock lagged the market';
  return 'the stock moved largely with the market';
}

/**
 * "Why did X drop?": what the data shows — the move, and the market's (SPY) over the same period, so the reader
 * sees whether it was the stock's own — and, plainly, that news is not in the data, so the cause is not known here.
 */
export function writeMoveReason(entry: SymbolDirectoryEntry, period: CopilotPeriod, results: readonly CopilotToolResult[], asked?: AskedSpan): CopilotDraft {
  const c = new Citations();
  const over = period === 'ytd' ? 'year to date' : `over ${PERIOD_WORDS[period]}`;
  const change = findFact(results, entry.symbol, ['price_change_percent']);
  const start = findFact(results, entry.symbol, ['start_close']);
  const end = findFact(results, entry.symbol, ['end_close']);
  if (!isNumeric(change) || !start || !end) return c.draft([explainMissing(results, entry, `the price change ${over}`)]);
  const verb = change.value > 0 ? 'rose' : change.value < 0 ? 'fell' : 'was unchanged';
  const lines = [
    describeAskedSpan(asked, end.as_of, c),
    `${nameOf(entry)} ${verb}${change.value === 0 ? '' : ` ${c.showSize(change)}`} ${over}, from ${c.show(start)} on ${start.as_of} to ${c.show(end)} on ${end.as_of}.`,
  ];
  const market = findFact(results, MARKET_BENCHMARK, ['price_change_percent']);
  if (isNumeric(market) && entry.symbol !== MARKET_BENCHMARK) {
    const marketVerb = market.value > 0 ? 'rose' : market.value < 0 ? 'fell' : 'was flat';
    lines.push(
      `Over the same period the market (SPY, the S&P 500) ${marketVerb}${market.value === 0 ? '' : ` ${c.showSize(market)}`}: ${describeAgainstMarket(change.value, market.value)}.`,
    );
  }
  // The sector fund over the same period, and what happened in the window that the data records.
  const context = results.find((r) => r.tool === 'get_move_context' && r.symbol === entry.symbol);
  const sectorNote = context?.notes?.find((n) => n.startsWith('sector: '))?.slice('sector: '.length);
  const sectorMove = context?.facts.find((f) => f.key === 'price_change_percent');
  if (sectorNote && isNumeric(sectorMove)) {
    const sectorVerb = sectorMove.value > 0 ? 'rose' : sectorMove.value < 0 ? 'fell' : 'was flat';
    lines.push(
      `Its sector, ${sectorNote}, ${sectorVerb}${sectorMove.value === 0 ? '' : ` ${c.showSize(sectorMove)}`}: ${describeAgainstMarket(change.value, sectorMove.value).replaceAll('the market', 'the sector')}.`,
    );
  }
  const exDates = context?.facts.filter((f) => f.key === 'dividend_ex_date') ?? [];
  const events = exDates.map((d) => {
    const amount = context!.facts.find((f) => f.key === 'dividend_amount' && f.period === d.period);
    return `a dividend${amount ? ` of ${c.show(amount)} a share` : ''} went ex on ${d.value} ${c.cite(d)}`;
  });
  for (const f of context?.facts.filter((x) => x.key === 'filing_date') ?? []) events.push(`statements were filed on ${f.value} ${c.cite(f)}`);
  if (events.length > 0) lines.push(`In the window ${events.join('; ')}.`);
  else if (context && !context.error) lines.push('No dividend went ex and no filing is dated in that period in our data.');
  lines.push(
    'Why it moved I cannot tell you: our data holds prices, filings and dividends, not news, announcements or analysts’ calls. The stock’s page shows its recent filings and dividends.',
  );
  return c.draft(lines);
}

/** ", within its range of $a to $b" (bear to bull case), with where the price sits; empty without a range. */
function describeRange(results: readonly CopilotToolResult[], symbol: string, price: CopilotFact, c: Citations): string {
  const low = findFact(results, symbol, ['fair_value_low']);
  const high = findFact(results, symbol, ['fair_value_high']);
  if (!isNumeric(low) || !isNumeric(high) || typeof price.value !== 'number') return '';
  const where = price.value < low.value ? 'below the whole range' : price.value > high.value ? 'above the whole range' : 'inside it';
  return `; its range runs from ${c.show(low)} (bear case) to ${c.show(high)} (bull case), and the price is ${where}`;
}

/**
 * "Should I buy X?": a balanced view across what our analyses measure — valuation, quality, growth, the chart and
 * the risks — never a recommendation; it ends with the product's own disclaimer.
 */
export function writeBalancedView(entry: SymbolDirectoryEntry, results: readonly CopilotToolResult[]): CopilotDraft {
  const c = new Citations();
  const s = entry.symbol;
  const lines = [`I do not tell anyone to buy or sell. Here is what our figures say about ${nameOf(entry)}, for and against:`];
  const fair = findFact(results, s, ['fair_value_per_share']);
  const price = findFact(results, s, ['price']);
  const upside = findFact(results, s, ['upside_percent']);
  if (fair && price && isNumeric(upside))
    lines.push(
      `- Valuation: our DCF puts fair value at ${c.show(fair)} against ${c.show(price)}, ${upside.value >= 0 ? `${c.showSize(upside)} upside` : `${c.showSize(upside)} downside`} on its assumptions${describeRange(results, s, price, c)}.`,
    );
  else {
    const pe = findFact(results, s, ['pe_ttm']);
    lines.push(pe ? `- Valuation: no DCF for it here; the P/E is ${c.show(pe)}.` : '- Valuation: no DCF or P/E for it in our data.');
  }
  const quality = [findFact(results, s, ['grade_profitability']), findFact(results, s, ['net_margin']), findFact(results, s, ['piotroski_f'])].filter(
    (f): f is CopilotFact => f !== undefined,
  );
  if (quality.length) lines.push(`- Quality: ${quality.map((f) => `${lowerLabel(f.label)} ${c.show(f)}`).join(', ')}.`);
  const growth = [findFact(results, s, ['revenue_cagr_5y']), findFact(results, s, ['eps_cagr_5y']), findFact(results, s, ['grade_growth'])].filter(
    (f): f is CopilotFact => f !== undefined,
  );
  if (growth.length) lines.push(`- Growth: ${growth.map((f) => `${lowerLabel(f.label)} ${c.show(f)}`).join(', ')}.`);
  const rating = findFact(results, s, ['technical_rating']);
  if (rating)
    lines.push(
      `- The chart: the technical rating is ${c.show(rating)}${RATING_WORDS[String(rating.value)] ? ` (${RATING_WORDS[String(rating.value)]})` : ''}.`,
    );
  const risks = [findFact(results, s, ['altman_zone']), findFact(results, s, ['debt_to_equity']), findFact(results, s, ['grade_health'])].filter(
    (f): f is CopilotFact => f !== undefined,
  );
  if (risks.length) lines.push(`- Balance sheet and risk: ${risks.map((f) => `${lowerLabel(f.label)} ${c.show(f)}`).join(', ')}.`);
  if (lines.length === 1) return c.draft([explainMissing(results, entry, 'figures')]);
  lines.push(`Whether it fits depends on your goals, horizon and the rest of your portfolio. ${ANALYSIS_DISCLAIMER}`);
  return c.draft(lines);
}

/**
 * A statement line's trend: its value in each fiscal year (the tab's table by year), the CAGR the ratios compute
 * over the span with how it is read (the yearly rate that compounds the first year's figure into the last's), and
 * the points for a small chart. Where the ratios compute no CAGR (net income, a negative start) it says so.
 */
export function writeTrend(
  entry: SymbolDirectoryEntry,
  line: string,
  years: number,
  cagrKey: string | undefined,
  results: readonly CopilotToolResult[],
): CopilotDraft {
  const c = new Citations();
  const points = results
    .flatMap((r) => r.facts.filter((f) => f.key === line && (f.symbol ?? r.symbol) === entry.symbol).map((f) => ({ ...f, symbol: f.symbol ?? r.symbol })))
    .filter(isNumeric)
    .sort((a, b) => a.period.localeCompare(b.period));
  const name = lowerLabel(findFactDefinition(line)?.label ?? line);
  if (points.length < 2) return c.draft([explainMissing(results, entry, `${name} over ${years} fiscal years`)]);
  const first = points[0]!;
  const last = points.at(-1)!;
  const lines = [`${nameOf(entry)}: ${name} by fiscal year — ${points.map((p) => `${p.period} ${c.show(p)}`).join(', ')}.`];
  const cagr = cagrKey ? findFact(results, entry.symbol, [cagrKey]) : undefined;
  const direction = last.value > first.value ? 'higher' : last.value < first.value ? 'lower' : 'level';
  if (isNumeric(cagr) && points.length === years + 1)
    lines.push(
      `The ${lowerLabel(cagr.label)} is ${c.show(cagr)}: the yearly rate that, compounded over the ${years} years, turns ${first.period}'s ${c.show(first)} into ${last.period}'s ${c.show(last)}.`,
    );
  else {
    const why = cagrKey ? `no ${years}-year CAGR could be computed for it here` : `our ratios compute no CAGR for ${name}`;
    lines.push(`${last.period} ended ${direction === 'level' ? 'level with' : `${direction} than`} ${first.period} (${why}).`);
  }
  lines.push('The fundamental analysis shows these years in its table by year.');
  return { ...c.draft(lines), chart: { label: first.label, unit: first.unit, points: points.map((p) => ({ period: p.period, value: p.value })) } };
}

/**
 * "What is a good P/E?": what the market pays — the median and middle half over all stocks in the screener, then
 * over the asked symbol's sector with its own figure (or, with no symbol, each sector's median, lowest first) —
 * and that a level is good only against growth and quality, never by itself.
 */
export function writeSpread(field: string, entry: SymbolDirectoryEntry | undefined, results: readonly CopilotToolResult[]): CopilotDraft {
  const c = new Citations();
  const facts = results.flatMap((r) => r.facts);
  const label = findFactDefinition(field)?.label ?? field;
  const groupOf = (f: CopilotFact) => f.period.replace(/ on \d{4}-\d{2}-\d{2}$/, '');
  const get = (group: string, key: string) => facts.find((f) => f.key === key && groupOf(f) === group);
  const market = ['spread_count', 'spread_p50', 'spread_p25', 'spread_p75'].map((k) => get('all stocks', k));
  if (market.some((f) => f === undefined)) {
    const error = results.find((r) => r.error)?.error;
    return c.draft([
      `I could not get the spread of the ${lowerLabel(label)} across the market${error && !/\d/.test(error.message) ? `: ${error.message.replace(/\.$/, '')}` : ''}.`,
    ]);
  }
  const [count, p50, p25, p75] = market as CopilotFact[];
  const lines = [
    `What the market pays, from the screener on ${p50!.as_of}: across ${c.show(count!)} stocks with a ${lowerLabel(label)}, the median is ${c.show(p50!)} and the middle half lies between ${c.show(p25!)} and ${c.show(p75!)}.`,
  ];
  const sectorMedian = facts.find((f) => f.key === 'spread_p50' && groupOf(f) !== 'all stocks' && entry);
  if (entry && sectorMedian) {
    const sector = groupOf(sectorMedian);
    const lo = get(sector, 'spread_p25');
    const hi = get(sector, 'spread_p75');
    const own = facts.find((f) => f.key === field && f.symbol === entry.symbol);
    lines.push(
      `In ${sector}, ${entry.symbol}'s sector, the median is ${c.show(sectorMedian)}${lo && hi ? ` (middle half ${c.show(lo)} to ${c.show(hi)})` : ''}${own ? `; ${nameOf(entry)} is at ${c.show(own)}` : ''}.`,
    );
  } else if (entry) lines.push(`I could not place ${nameOf(entry)} in a sector of the screener.`);
  else {
    const medians = facts.filter((f) => f.key === 'spread_p50' && groupOf(f) !== 'all stocks');
    if (medians.length > 0) lines.push(`By sector (median, lowest first): ${medians.map((f) => `${groupOf(f)} ${c.show(f)}`).join(', ')}.`);
  }
  lines.push(
    `No level is good by itself: a ${lowerLabel(label)} below its sector's median is cheaper than most peers, which is worth it only if growth and quality hold up; compare a company with its own sector.`,
  );
  return c.draft(lines);
}
