import type { Figure } from '../types.ts';
import type { NormalizedCompany, NormCell, PeriodKind } from './types.ts';

/** The API figure for a served cell: value, source, filing date, and the estimate mark and note when there are any. */
function toFigure(cell: NormCell): Figure {
  return {
    value: cell.value,
    source: cell.source,
    as_of: cell.asOf,
    ...(cell.asOfEstimated ? { as_of_estimated: true as const } : {}),
    ...(cell.note ? { note: cell.note } : {}),
    ...(cell.earlier?.length ? { earlier: cell.earlier.map((e) => ({ value: e.value, as_of: e.asOf })) } : {}),
  };
}

/** Figures per period for one statement set: served cells, and quarantined values as null with their note. */
export function toFigurePeriods(company: NormalizedCompany, kind: PeriodKind): Map<string, Map<string, Figure>> {
  const out = new Map<string, Map<string, Figure>>();
  for (const [end, m] of company[kind]) out.set(end, new Map([...m].map(([k, c]) => [k, toFigure(c)])));
  for (const [end, q] of company.quarantined[kind]) {
    const m = out.get(end) ?? new Map<string, Figure>();
    out.set(end, m);
    for (const [k, note] of q) if (!m.has(k)) m.set(k, { value: null, source: null, as_of: null, note });
  }
  return out;
}
