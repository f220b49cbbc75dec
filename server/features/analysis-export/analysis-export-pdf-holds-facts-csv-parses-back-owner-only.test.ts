import { describeDataSource } from '../../../core/market/source-names.ts';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ANALYSIS_DISCLAIMER } from '../../../core/analysis/analysis-names.ts';
import type { Fact } from '../../../core/analysis/analysis-types.ts';
import { formatFactValue } from '../../../core/facts/format-fact.ts';
import { parseCsv } from '../../../core/text/csv.ts';
import { type AnalysisOwnersTest, startAnalysisOwnersTest } from '../../test/analysis-owners.ts';
import { describeOnPglite } from '../../test/db.ts';
import { toPdfText } from './pdf-text.ts';

/** The PDF's text as Debian's poppler-utils reads it (the brief's check: a real PDF, not our own reading of it). */
const extractPdfText = (pdf: Uint8Array) => execFileSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
const squash = (s: string) => s.replace(/\s+/g, ' ');

const RUNS = [
  { symbol: 'AAPL', kind: 'overview' },
  { symbol: 'AAPL', kind: 'fundamental', subtype: 'profitability' },
  { symbol: 'AAPL', kind: 'technical' },
  { symbol: 'AAPL', kind: 'balance-sheet' },
  { symbol: 'SPY', kind: 'etf' },
  { symbol: 'MSFT', kind: 'dcf' },
] as const;

describeOnPglite('analysis export (PDF and CSV)', (kind) => {
  let k: AnalysisOwnersTest;
  let owner: string;
  let other: string;
  // biome-ignore lint/suspicious/noExplicitAny: the API's analysis bodies, read field by field
  const analyses: any[] = [];
  beforeAll(async () => {
    k = await startAnalysisOwnersTest(kind);
    owner = await k.createUser();
    other = await k.createUser();
    // 0.5 + 1 + 0.8 + 1.2 + 0.8 + 1 = 5.3 of the opening 10 tokens.
    for (const run of RUNS) analyses.push(await k.runAnalysis(owner, run));
  });
  afterAll(async () => k?.db.close());

  it.each(RUNS.map((r, i) => [r.kind, i] as const))(
    '%s: a real PDF whose text holds every fact value, source by name and as-of date, the note, the disclaimer and the run date; no "th pct"',
    async (_kind, i) => {
      const a = analyses[i];
      const r = await k.request(owner, 'GET', `/api/analyses/${a.id}/export.pdf`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      const base = [a.symbol, a.kind, a.subtype, a.as_of].filter(Boolean).join('-');
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${base}.pdf"`);
      expect(new TextDecoder().decode(r.bytes.slice(0, 5))).toBe('%PDF-');
      const text = squash(extractPdfText(r.bytes));
      expect(a.facts.length).toBeGreaterThan(3);
      for (const f of a.facts as Fact[]) {
        expect(text, f.key).toContain(f.as_of);
        expect(text, f.key).toContain(squash(toPdfText(formatFactValue(f))));
        // the publisher, not the dataset id: "Yahoo Finance, daily", never "yahoo-daily"
        expect(text, f.key).toContain(squash(toPdfText(describeDataSource(f.source))));
      }
      expect(text).not.toMatch(/yahoo-|sec-xbrl|\d+th pct/);
      expect(text).toContain(squash(toPdfText(a.note.headline.text)).slice(0, 40));
      expect(text).toContain(ANALYSIS_DISCLAIMER);
      expect(text).toContain(`Run on ${a.created_at.slice(0, 10)}`);
      expect(text).toContain(`Data as of ${a.as_of}`);
    },
  );

  it('the CSV parses back to the facts: header key,label,value,unit,period,source,as_of, one row per fact, numbers equal', async () => {
    for (const a of analyses) {
      const r = await k.request(owner, 'GET', `/api/analyses/${a.id}/export.csv`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="[A-Z.]+-[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      const [header, ...rows] = parseCsv(new TextDecoder().decode(r.bytes));
      expect(header).toEqual(['key', 'label', 'value', 'unit', 'period', 'source', 'as_of']);
      const back = rows.map(([key, label, value, unit, period, source, as_of]) => ({
        key,
        label,
        value: unit === 'label' ? value : Number(value),
        unit,
        period,
        source,
        as_of,
      }));
      expect(back).toEqual(a.facts);
    }
  });

  it("another user's analysis: 404 NOT_FOUND for both exports, the same answer as an id that does not exist; signed out 401", async () => {
    const a = analyses[0];
    for (const ext of ['pdf', 'csv']) {
      const theirs = await k.json(other, 'GET', `/api/analyses/${a.id}/export.${ext}`);
      const missing = await k.json(other, 'GET', `/api/analyses/00000000-0000-4000-8000-000000000000/export.${ext}`);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No such analysis.' } });
      expect(missing.body).toEqual(theirs.body);
      expect((await k.json(null, 'GET', `/api/analyses/${a.id}/export.${ext}`)).status).toBe(401);
    }
  });

  it('exporting is free: the balance is the same before and after a PDF and a CSV (10 − 5.3 = 4.7 tokens)', async () => {
    expect(await k.availableMt(owner)).toBe(4_700);
    await k.request(owner, 'GET', `/api/analyses/${analyses[2].id}/export.pdf`);
    await k.request(owner, 'GET', `/api/analyses/${analyses[2].id}/export.csv`);
    expect(await k.availableMt(owner)).toBe(4_700);
  });
});
