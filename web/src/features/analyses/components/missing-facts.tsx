import type { MissingFact } from '../../../../../core/analysis/runs/facts.ts';

function MissingList({ title, items, testId }: { title: string; items: MissingFact[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div className="rounded-lg border border-border bg-surface-muted p-4 text-sm text-fg-secondary" data-testid={testId}>
      <h3 className="font-semibold text-fg">{title}</h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {items.map((m) => (
          <li key={m.key}>
            {m.label}: {m.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Figures an analysis could not compute, each with why: shown rather than silently dropped. A score that does
 * not fit the company's kind (a bank's Piotroski or Altman) is "not applicable", apart from figures lacking data.
 */
export function MissingFacts({ missing }: { missing: MissingFact[] | undefined }) {
  if (!missing || missing.length === 0) return null;
  return (
    <>
      <MissingList title="Not applicable to this company" items={missing.filter((m) => m.not_applicable)} testId="not-applicable-facts" />
      <MissingList title="Not computed" items={missing.filter((m) => !m.not_applicable)} testId="missing-facts" />
    </>
  );
}
