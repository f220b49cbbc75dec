/** Builders for the normaliser's worked-example tests: statements from plain tables, one call to normalise. */
import { QualityLog } from '../market/quality.ts';
import { normalizeCompany } from '../market/normalizer/index.ts';
import type { CompanyInput, NormalizedCompany, Periods, SourceStatements } from '../market/normalizer/types.ts';

/** `{ '2022-12-31': { revenue: 10, net_income: 2 } }` → periods whose cells name `source`, `asOf` and, for a tagged source, each line's tag. */
export function buildPeriods(
  rows: Record<string, Record<string, number>>,
  source: string,
  asOf: string | null = null,
  tags: Record<string, string> = {},
): Periods {
  return new Map(
    Object.entries(rows).map(([end, lines]) => [
      end,
      new Map(Object.entries(lines).map(([k, value]) => [k, { value, source, asOf, ...(tags[k] ? { tag: tags[k] } : {}) }])),
    ]),
  );
}

export function buildSource(
  source: string,
  annual: Record<string, Record<string, number>>,
  quarterly: Record<string, Record<string, number>> = {},
  options: { vintage?: SourceStatements['vintage']; asOf?: string | null; tags?: Record<string, string> } = {},
): SourceStatements {
  return {
    source,
    vintage: options.vintage ?? 'restated',
    annual: buildPeriods(annual, source, options.asOf ?? null, options.tags),
    quarterly: buildPeriods(quarterly, source, options.asOf ?? null, options.tags),
  };
}

export function runNormalizer(input: Partial<CompanyInput> & Pick<CompanyInput, 'sources'>): { out: NormalizedCompany; log: QualityLog } {
  const log = new QualityLog();
  const out = normalizeCompany({ symbol: 'TEST', splits: [], ...input }, log);
  return { out, log };
}

export const readCell = (p: Periods, end: string, line: string): number | null => p.get(end)?.get(line)?.value ?? null;
