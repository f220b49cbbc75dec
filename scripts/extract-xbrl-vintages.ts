/**
 * Writes every filing's value of the facts in the SEC XBRL subset (data/inputs/sec-xbrl-vintages.csv.gz), so the
 * pipeline can date a value by the FIRST filing that reported it and keep a restated value's original (issue 29,
 * item 5). The subset in ../shared/data keeps only the latest filing per (tag, unit, start, end); its upstream,
 * `Jessieeeeai/valuation-galaxy` data/facts/<TICKER>.json @ 5176088 (a trimmed copy of SEC companyfacts, fetched
 * 2026-07-24), keeps every filing. Only the subset's tickers and tags, forms 10-K/10-Q (and amendments) and period
 * ends from 2014 are kept, as the subset did. Run by hand:
 * `XBRL_FACTS_GIT=/path/to/valuation-galaxy/.git npx tsx scripts/extract-xbrl-vintages.ts`
 * (or XBRL_FACTS_DIR=/path/to/data/facts for a checkout).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseCsv } from '../core/text/csv.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = resolve(process.env.SHARED_DATA_DIR ?? join(ROOT, '../shared/data'));
const SUBSET = 'fundamentals/detail/sec_xbrl_facts_subset_long.csv';
const OUTPUT = join(ROOT, 'data/inputs/sec-xbrl-vintages.csv.gz');
const COMMIT = '5176088dc64f717066e7635a058c2ecf2b68e6e8';

const readFacts = (ticker: string): string => {
  if (process.env.XBRL_FACTS_DIR) return readFileSync(join(process.env.XBRL_FACTS_DIR, `${ticker}.json`), 'utf8');
  if (process.env.XBRL_FACTS_GIT)
    return execFileSync('git', ['--git-dir', process.env.XBRL_FACTS_GIT, 'show', `${COMMIT}:data/facts/${ticker}.json`], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
  throw new Error('set XBRL_FACTS_GIT (the upstream git directory) or XBRL_FACTS_DIR (its data/facts folder)');
};

// The subset decides what is kept: its ticker → CIK and ticker → tags.
const [columns, ...records] = parseCsv(readFileSync(join(SRC, SUBSET), 'utf8'));
const col = (name: string) => columns!.indexOf(name);
const tagsOf = new Map<string, Set<string>>();
const cikOf = new Map<string, string>();
for (const r of records) {
  const ticker = r[col('ticker')];
  if (!ticker) continue;
  tagsOf.set(ticker, (tagsOf.get(ticker) ?? new Set()).add(r[col('tag')]!));
  cikOf.set(ticker, r[col('cik')]!);
}

interface Entry {
  start?: string;
  end: string;
  val: number;
  form?: string;
  fp?: string;
  filed?: string;
}
const FORMS = new Set(['10-K', '10-K/A', '10-Q', '10-Q/A']);
const lines = ['ticker,tag,unit,start,end,val,form,fp,filed'];
let kept = 0;
for (const ticker of [...tagsOf.keys()].sort()) {
  // XOM sits in the subset under its historical CIK, with the ticker as the file name upstream.
  const doc = JSON.parse(readFacts(ticker)) as { facts?: Record<string, Record<string, { units?: Record<string, Entry[]> }>> };
  const usGaap = doc.facts?.['us-gaap'] ?? {};
  for (const tag of [...tagsOf.get(ticker)!].sort()) {
    for (const [unit, list] of Object.entries(usGaap[tag]?.units ?? {})) {
      const seen = new Set<string>();
      for (const f of list) {
        if (!f.form || !FORMS.has(f.form) || f.end < '2014-01-01' || !f.filed) continue;
        const row = [ticker, tag, unit, f.start ?? '', f.end, f.val, f.form, f.fp ?? '', f.filed].join(',');
        if (seen.has(row)) continue;
        seen.add(row);
        lines.push(row);
        kept++;
      }
    }
  }
}
mkdirSync(join(ROOT, 'data/inputs'), { recursive: true });
writeFileSync(OUTPUT, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${kept} filings of ${tagsOf.size} tickers' facts → ${OUTPUT} (CIKs ${cikOf.size})`);
