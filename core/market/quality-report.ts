/**
 * Renders a QualityLog as the data quality report (data/QUALITY.md) and as the short summary
 * `npm run data:prepare` prints. Pure: the caller writes the text.
 */

import type { QualityDataset, QualityEvent, QualityLog, QualityOutcome } from './quality.ts';
import { QUALITY_EXCEPTIONS } from './quality-exceptions.ts';

const OUTCOMES: readonly QualityOutcome[] = ['repaired', 'quarantined', 'flagged'];
const DATASETS: readonly QualityDataset[] = ['fundamentals', 'prices', 'listings', 'dividends', 'etfs'];
/** Examples listed per kind: enough to recognise the pattern, short enough to read. */
const EXAMPLES_PER_KIND = 5;

interface QualitySummaryRow {
  dataset: QualityDataset;
  checked: number;
  repaired: number;
  quarantined: number;
  flagged: number;
}

interface QualityKindGroup {
  outcome: QualityOutcome;
  dataset: QualityDataset;
  kind: string;
  count: number;
  examples: QualityEvent[];
}

/** Per dataset: values checked and events by outcome; then events grouped by outcome, dataset and kind (largest first). */
export function summarizeQualityLog(log: QualityLog): { rows: QualitySummaryRow[]; groups: QualityKindGroup[] } {
  const rows = DATASETS.filter((d) => log.checked.has(d) || log.events.some((e) => e.dataset === d)).map((dataset) => {
    const row: QualitySummaryRow = { dataset, checked: log.checked.get(dataset) ?? 0, repaired: 0, quarantined: 0, flagged: 0 };
    for (const e of log.events) if (e.dataset === dataset) row[e.outcome]++;
    return row;
  });
  const byKey = new Map<string, QualityKindGroup>();
  for (const e of log.events) {
    const key = `${e.outcome}|${e.dataset}|${e.kind}`;
    let g = byKey.get(key);
    if (!g) {
      g = { outcome: e.outcome, dataset: e.dataset, kind: e.kind, count: 0, examples: [] };
      byKey.set(key, g);
    }
    g.count++;
    if (g.examples.length < EXAMPLES_PER_KIND) g.examples.push(e);
  }
  const groups = [...byKey.values()].sort(
    (a, b) => OUTCOMES.indexOf(a.outcome) - OUTCOMES.indexOf(b.outcome) || b.count - a.count || (a.kind < b.kind ? -1 : 1),
  );
  return { rows, groups };
}

const show = (v: number | string | null | undefined) => (v === null || v === undefined ? '—' : typeof v === 'number' ? v.toLocaleString('en-US') : v);
const cell = (s: string) => s.replaceAll('|', '\\|');

function describeEvent(e: QualityEvent): string {
  const where = [e.symbol, e.period, e.line].filter(Boolean).join(' ');
  const change = e.before !== undefined || e.after !== undefined ? `: ${show(e.before)} → ${show(e.after)}` : '';
  return `\`${where}\`${change}. ${e.reason}`;
}

const LINE_LABELS: Record<string, string> = { revenue: 'revenue', gross_profit: 'gross profit', cost_of_revenue: 'cost of revenue' };

/** Events of one kind, per company and outcome: how many values of each line, and the first and last period. */
function describeByCompany(events: readonly QualityEvent[], outcome: QualityOutcome): string {
  const byLine = new Map<string, string[]>();
  for (const e of events) if (e.outcome === outcome) byLine.set(e.line ?? '', [...(byLine.get(e.line ?? '') ?? []), e.period ?? '']);
  if (byLine.size === 0) return '—';
  return [...byLine]
    .map(([line, periods]) => {
      const sorted = [...periods].sort();
      const span = sorted.length === 1 ? sorted[0] : `${sorted[0]} … ${sorted.at(-1)}`;
      return `${LINE_LABELS[line] ?? line}: ${sorted.length} (${span})`;
    })
    .join('; ');
}

/**
 * The revenue invariants in full (issue 28): every company whose revenue was repaired or withheld, and
 * every exception served as reported with its reason — the short list per kind above shows only examples.
 */
function renderRevenueInvariants(log: QualityLog): string[] {
  const events = log.events.filter((e) => e.kind === 'revenue_invariant');
  const symbols = [...new Set(events.map((e) => e.symbol))].sort();
  const out = [
    '',
    '## Revenue invariants by company',
    '',
    'Operating income, gross profit and cost of revenue ≤ revenue; annual revenue within 0.2×–5× of the year before unless an exception names the reason.',
    'A revenue failing one is a segment, not the total: repaired from the companyfacts where they hold the total, else withheld (counts of values; annual and quarterly periods together).',
    '',
  ];
  if (symbols.length === 0) out.push('None.');
  else {
    out.push('| Company | Repaired | Withheld |', '|---|---|---|');
    for (const s of symbols) {
      const mine = events.filter((e) => e.symbol === s);
      out.push(`| ${s} | ${describeByCompany(mine, 'repaired')} | ${describeByCompany(mine, 'quarantined')} |`);
    }
  }
  out.push(
    '',
    '### Exceptions served as reported',
    '',
    '| Company | Period | Check | Reason |',
    '|---|---|---|---|',
    ...QUALITY_EXCEPTIONS.map((x) => `| ${x.symbol} | ${x.period} (${x.basis}) | \`${x.check}\` | ${cell(x.reason)} (${x.kind.replaceAll('_', ' ')}) |`),
  );
  return out;
}

/** The report as markdown: summary table, then each outcome by kind with a few examples, then the revenue invariants in full. */
export function renderQualityReport(log: QualityLog, dataAsOf: string): string {
  const { rows, groups } = summarizeQualityLog(log);
  const out = [
    '# Data quality report',
    '',
    `Snapshot data as of ${dataAsOf}. Written by \`npm run data:prepare\`; the rules are in docs/data-quality.md.`,
    '',
    '- **repaired**: the served value differs from the vendor’s by a documented rule (before → after).',
    '- **quarantined**: the value could not be repaired; it is served as null with a note saying why.',
    '- **flagged**: a vendor fault served as given, labelled.',
    '',
    '## Summary',
    '',
    '| Dataset | Values checked | Repaired | Quarantined | Flagged |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.dataset} | ${show(r.checked)} | ${show(r.repaired)} | ${show(r.quarantined)} | ${show(r.flagged)} |`),
  ];
  for (const outcome of OUTCOMES) {
    const gs = groups.filter((g) => g.outcome === outcome);
    out.push('', `## ${outcome[0]!.toUpperCase()}${outcome.slice(1)}`, '');
    if (gs.length === 0) {
      out.push('None.');
      continue;
    }
    out.push('| Kind | Dataset | Count |', '|---|---|---:|', ...gs.map((g) => `| \`${g.kind}\` | ${g.dataset} | ${show(g.count)} |`));
    for (const g of gs) {
      out.push('', `### \`${g.kind}\` (${g.dataset}, ${show(g.count)})`, '');
      for (const e of g.examples) out.push(`- ${cell(describeEvent(e))}`);
      if (g.count > g.examples.length) out.push(`- … and ${show(g.count - g.examples.length)} more`);
    }
  }
  out.push(...renderRevenueInvariants(log));
  return `${out.join('\n')}\n`;
}

/** The few lines data:prepare prints: per dataset, checked and each outcome. */
export function formatQualitySummary(log: QualityLog): string {
  const { rows, groups } = summarizeQualityLog(log);
  const lines = rows.map(
    (r) => `quality ${r.dataset}: ${show(r.checked)} checked, ${show(r.repaired)} repaired, ${show(r.quarantined)} quarantined, ${show(r.flagged)} flagged`,
  );
  for (const g of groups) lines.push(`  ${g.outcome} ${g.dataset}/${g.kind}: ${show(g.count)}`);
  return lines.join('\n');
}
