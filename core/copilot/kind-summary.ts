import { describeAnalysisKind } from '../analysis/analysis-names.ts';
import type { Sentence } from '../analysis/analysis-types.ts';
import { getActionCostMt, tokenCosts } from '../tokens/costs.ts';
import type { AnalysisSummaryRead, CopilotDraft, CopilotFact, SummaryOf, SymbolDirectoryEntry } from './copilot-types.ts';
import { splitPhrase, type Word, findPhrases } from './question-words.ts';
import { COMMON_WORDS } from './common-words.ts';

/*
 * "Summarize JPM's balance sheet", "KO dividends overview", "technical summary of NVDA" (issue 34, item 2): a summary
 * of one analysis kind, read from that analysis' own builder (its note's sentences and the facts they cite), not the
 * generic snapshot. The server decides the charge: free when the user owns that analysis for the data day, else the
 * copilot's price with the offer to run the full analysis.
 */

/** Words asking for a summary (typos within the planner's tolerance are read too: "sumary", "summarise"). */
const SUMMARY_WORDS = ['summary', 'summarize', 'summarise', 'summarized', 'sum up', 'overview', 'rundown', 'breakdown', 'recap', 'snapshot', 'review'];

const OF: Record<SummaryOf['topic'], SummaryOf> = {
  'balance sheet': { kind: 'balance-sheet', subtype: null, topic: 'balance sheet' },
  valuation: { kind: 'dcf', subtype: null, topic: 'valuation' },
  dividends: { kind: 'fundamental', subtype: 'dividends', topic: 'dividends' },
  technicals: { kind: 'technical', subtype: null, topic: 'technicals' },
};

/** How a question names each kind. */
const KIND_NAMES: ReadonlyArray<[string, SummaryOf]> = [
  ['balance sheet', OF['balance sheet']],
  ['balance sheets', OF['balance sheet']],
  ['balancesheet', OF['balance sheet']],
  ['valuation', OF.valuation],
  ['dcf', OF.valuation],
  ['fair value', OF.valuation],
  ['dividend', OF.dividends],
  ['dividends', OF.dividends],
  ['technicals', OF.technicals],
  ['technical', OF.technicals],
  ['technical analysis', OF.technicals],
  ['chart', OF.technicals],
];

const kindVocabulary = KIND_NAMES.map(([name, of]) => ({ words: splitPhrase(name), value: of }));
const summaryVocabulary = SUMMARY_WORDS.map((w) => ({ words: splitPhrase(w), value: w }));

/** Where a question asks for a summary of a kind: the kind, and the words that name it (not a metric, not a symbol). */
export interface SummaryAsked {
  of: SummaryOf;
  /** Indexes of the words naming the kind and the summary. */
  words: number[];
}

/**
 * The kind a question asks a summary of, or null: a summary word and a kind's name ("summarize … balance sheet").
 * Several kinds named (a follow-up appended to the question it refers to): the last one, which the new words name.
 */
export function findSummaryAsked(words: readonly Word[]): SummaryAsked | null {
  const summary = findPhrases(words, summaryVocabulary, new Set(), { exactWords: COMMON_WORDS });
  if (summary.length === 0) return null;
  const kinds = findPhrases(words, kindVocabulary, new Set(), { exactWords: COMMON_WORDS });
  const kind = kinds.at(-1);
  if (!kind) return null;
  const span = (m: { from: number; to: number }) => Array.from({ length: m.to - m.from }, (_, k) => words[m.from + k]!.index);
  return { of: kind.value, words: [...summary.flatMap(span), ...kinds.flatMap(span)] };
}

/** "balance sheet (bank yardstick)": the yardstick the analysis judged the company by, when it is not the ordinary one. */
function describeTopic(of: SummaryOf, facts: readonly CopilotFact[]): string {
  const yardstick = facts.find((f) => f.key === 'company_class' && typeof f.value === 'string');
  return yardstick && of.kind !== 'technical' ? `${of.topic} (${String(yardstick.value).toLowerCase()} yardstick)` : of.topic;
}

/** The price list's name for the analysis a summary offers ("Balance Sheet Analysis"). */
const nameOfAction = (of: SummaryOf): string => tokenCosts.find((c) => c.action === of.kind)!.name;

/**
 * The summary answer: what it understood ("JPM's balance sheet (bank yardstick), from the Balance Sheet analysis as of
 * …"), the note's headline, strengths, risks and verdict, each followed by the markers of the facts it cites (numbered
 * by first use; the data day is each citation's, not said in the text, which no fact would back), and — when the user does not own that analysis for the day — the offer to run it.
 */
export function writeKindSummary(entry: SymbolDirectoryEntry, of: SummaryOf, read: AnalysisSummaryRead): CopilotDraft {
  const s = entry.symbol;
  const whose = `${s}’s`;
  if (read.error || !read.note) return { text: `I could not summarize ${whose} ${of.topic}: ${read.error?.message ?? 'the analysis has no note.'}`, facts: [] };
  const byKey = new Map(read.facts.map((f) => [f.key, f]));
  const cited: CopilotFact[] = [];
  const numbers = new Map<string, number>();
  const cite = (sentence: Sentence): string => {
    const marks = sentence.fact_keys.flatMap((k) => {
      const f = byKey.get(k);
      if (!f) return [];
      let n = numbers.get(k);
      if (n === undefined) {
        cited.push(f);
        n = cited.length;
        numbers.set(k, n);
      }
      return [`[${n}]`];
    });
    return marks.length > 0 ? `${sentence.text} ${[...new Set(marks)].join('')}` : sentence.text;
  };
  const note = read.note;
  const analysis = describeAnalysisKind(of.kind, of.subtype);
  const lines = [
    `${whose} ${describeTopic(of, read.facts)}, from the ${analysis} analysis on our latest data: ${cite(note.headline)}`,
    note.strengths.length > 0 ? `Strengths: ${note.strengths.map(cite).join(' ')}` : '',
    note.risks.length > 0 ? `Risks: ${note.risks.map(cite).join(' ')}` : '',
    cite(note.verdict),
    read.owned
      ? 'You already ran this analysis on the same data day, so this summary is free; open it for the charts and every figure.'
      : `This summary is a copilot answer; run the full ${analysis} analysis of ${s} for the charts, every figure and its note.`,
  ];
  const draft: CopilotDraft = { text: lines.filter(Boolean).join('\n'), facts: cited };
  if (!read.owned) draft.offer = { kind: of.kind, subtype: of.subtype, symbol: s, name: nameOfAction(of), href: read.href, cost_mt: getActionCostMt(of.kind) };
  return draft;
}
