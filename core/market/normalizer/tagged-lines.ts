import { isSameFigure } from '../sec-facts.ts';
import { LINE_DEFS } from '../statements.ts';
import { type NormCell, type PassContext, type PeriodKind, periodsOf, quarantineCell, repairCell, type SourceStatements } from './types.ts';

/** Lines whose SEC tags change over time: which tag serves a period is a rule (statements.ts `tagChoice`), not the vendor's pick. */
const TAG_DECIDED_LINES = LINE_DEFS.filter((d) => d.tagChoice !== 'first');

const ofKind = (s: SourceStatements, kind: PeriodKind) => (kind === 'annual' ? s.annual : s.quarterly);

/** The first source that names the tag of its values for `line` (the raw SEC XBRL subset, live companyfacts). */
function taggedSourceOf(ctx: PassContext, line: string): SourceStatements | undefined {
  return ctx.sources.find((s) => [...s.annual.values(), ...s.quarterly.values()].some((m) => m.get(line)?.tag !== undefined));
}

/**
 * The period nearest `end` that `source` and the tagged source both report (of the same kind, else
 * annual), with both values; `source` is on the tagged definition when they agree within 1%. Null
 * when they share no period.
 */
function compareWithTagged(
  kind: PeriodKind,
  end: string,
  line: string,
  source: SourceStatements,
  tagged: SourceStatements,
): { end: string; value: number; tagged: number } | null {
  for (const k of kind === 'annual' ? (['annual'] as const) : (['quarterly', 'annual'] as const)) {
    const shared = [...ofKind(source, k)]
      .filter(([e, m]) => m.has(line) && ofKind(tagged, k).get(e)?.has(line))
      .map(([e]) => e)
      .sort((a, b) => Math.abs(Date.parse(a) - Date.parse(end)) - Math.abs(Date.parse(b) - Date.parse(end)));
    const nearest = shared[0];
    if (nearest !== undefined)
      return { end: nearest, value: ofKind(source, k).get(nearest)!.get(line)!.value, tagged: ofKind(tagged, k).get(nearest)!.get(line)!.value };
  }
  return null;
}

/**
 * A source that names each value's tag applies the documented tag rule and sees every filing, so it
 * decides the lines whose tags change over time; an extract with one value per period may hold another
 * definition (COP's contract revenue next to its `Revenues` total) or an earlier vintage (AMZN 2016
 * capex 6,737M as first filed, 7,804M as restated in 2019). Where the tagged source has the period, its
 * value is served. Revenue is one definition per company: a period only another source has is kept
 * when that source agrees with the tagged one in the nearest period both report, else it is
 * quarantined. Returns the lines a tagged source decided.
 */
export function applyTaggedLines(ctx: PassContext, kind: PeriodKind): string[] {
  const decided: string[] = [];
  for (const def of TAG_DECIDED_LINES) {
    const tagged = taggedSourceOf(ctx, def.key);
    if (!tagged) continue;
    decided.push(def.key);
    const eventKind = def.tagChoice === 'company_definition' ? `${def.key}_definition` : 'mixed_vintage';
    const p = periodsOf(ctx, kind);
    for (const [end, m] of p) {
      const served = m.get(def.key);
      const own: NormCell | undefined = ofKind(tagged, kind).get(end)?.get(def.key);
      if (own) {
        if (served && served.value === own.value) continue;
        const why =
          def.tagChoice === 'company_definition'
            ? `${served?.source ?? 'no source'}'s ${served?.value ?? 'value'} is not on the company's definition; ${tagged.source} tags the total as ${own.tag}`
            : `${served?.source ?? 'no source'}'s ${served?.value ?? 'value'} is not the latest filing; ${tagged.source}'s ${own.tag} filed ${own.asOf} restates it`;
        repairCell(ctx, kind, end, def.key, own, { kind: eventKind, before: served?.value ?? null, reason: why });
        continue;
      }
      if (!served || def.tagChoice !== 'company_definition') continue;
      const source = ctx.sources.find((s) => s.source === served.source);
      const nearest = source ? compareWithTagged(kind, end, def.key, source, tagged) : null;
      if (nearest && isSameFigure(nearest.value, nearest.tagged)) continue;
      quarantineCell(
        ctx,
        kind,
        end,
        def.key,
        eventKind,
        nearest === null
          ? `${served.source}'s ${served.value} cannot be checked against the company's definition (${tagged.source} shares no period with it)`
          : `${served.source}'s ${served.value} is on another definition than the company's: in ${nearest.end}, the nearest period both report, ${served.source} had ${nearest.value} vs ${tagged.source}'s tagged total ${nearest.tagged}`,
      );
    }
  }
  return decided;
}
