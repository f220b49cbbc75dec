import type { MissingFact } from '../../../../../core/analysis/runs/facts.ts';

/** Figures an analysis could not compute, each with why: shown rather than silently dropped. */
export function MissingFacts({ missing }: { missing: MissingFact[] | undefined }) {
  if (!missing || missing.length === 0) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" data-testid="missing-facts">
      <h3 className="font-semibold text-ink">Not computed</h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {missing.map((m) => (
          <li key={m.key}>
            {m.label}: {m.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
