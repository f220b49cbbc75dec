import type { Fact } from '../../../../core/analysis/analysis-types.ts';
import type { CopilotFact, CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { type FieldCategory, type FieldId, findField } from '../../../../core/screener/fields.ts';
import { catchUserError, hrefForKind, isToolError, type ToolSession, toolError } from './tool-session.ts';

const DEFAULT_LIMIT = 5;

/** The analysis page that shows a screener field's figure for one symbol. */
function hrefFor(category: FieldCategory | undefined, symbol: string): string {
  if (category === 'technical') return hrefForKind('technical', symbol);
  if (category === 'health') return hrefForKind('fundamental', symbol, 'financial-health');
  if (category === 'valuation' || category === 'growth' || category === 'profitability' || category === 'dividends') {
    return hrefForKind('fundamental', symbol, category);
  }
  return hrefForKind('overview', symbol);
}

/**
 * A screen over the universe through the screener's own query service (same table, same checks: an
 * unknown field or min above max comes back as an error): the top rows, each figure a fact.
 */
export async function screen(
  session: ToolSession,
  input: {
    filters: Array<{ field: string; min?: number | null; max?: number | null; in?: string[] }>;
    sort?: { field: string; dir: 'asc' | 'desc' };
    limit?: number;
  },
): Promise<CopilotToolResult> {
  const query = session.deps.screen;
  if (!query) return toolError('screen', null, { error: { code: 'NOT_CONFIGURED', message: 'The screener is not available on this server.' } });
  const sort = input.sort ?? { field: input.filters[0]!.field, dir: 'desc' as const };
  const columns = [...new Set([...input.filters.map((f) => f.field), sort.field])];
  const page = await catchUserError(() =>
    query({
      filters: input.filters.map((f) => ({ ...f, field: f.field as FieldId })),
      sort: { field: sort.field as FieldId, dir: sort.dir },
      columns: columns as FieldId[],
      page: 1,
      page_size: input.limit ?? DEFAULT_LIMIT,
    }),
  );
  if (isToolError(page)) return toolError('screen', null, page);
  const period = `screen of ${page.dataAsOf}`;
  const facts: CopilotFact[] = [
    {
      key: 'screen_matches',
      label: 'Symbols matching the screen',
      value: page.total,
      unit: 'count',
      period,
      source: 'computed',
      as_of: page.dataAsOf,
      symbol: null,
      href: null,
    },
  ];
  for (const row of page.rows) {
    for (const id of columns) {
      const value = row.values[id];
      const field = findField(id);
      if (value === null || value === undefined || !field) continue;
      const fact: Fact = { key: id, label: field.label, value, unit: field.unit, period, source: 'computed', as_of: page.dataAsOf };
      facts.push({ ...fact, symbol: row.symbol, href: hrefFor(field.category, row.symbol) });
    }
  }
  return { tool: 'screen', symbol: null, facts, notes: page.rows.map((r) => `${r.symbol}: ${r.name}`) };
}
