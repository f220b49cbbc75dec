import { offlineQuestionTypes } from '../../../../../core/copilot/question-types.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import type { CopilotStatus } from '../api/get-copilot-status.ts';

/** Which copilot answers: the offline parser (with what it can answer) or a named model. */
export function ModeBanner({ status }: { status: CopilotStatus | undefined }) {
  if (!status) return <p className="text-sm text-fg-muted">Checking which copilot answers…</p>;
  if (status.mode === 'llm')
    return (
      <p className="text-sm text-fg-secondary" data-testid="copilot-mode">
        <Badge tone="brand" className="mr-2">
          AI model {status.model}
        </Badge>
        The model answers by calling our tools; every number it writes is checked against the facts they return.
      </p>
    );
  return (
    <div className="text-sm text-fg-secondary">
      <p data-testid="copilot-mode">
        <Badge tone="info" className="mr-2">
          Offline copilot
        </Badge>
        Answers these kinds of questions from our data, with no AI model: each figure comes from our analyses and is cited.
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer font-medium text-brand-fg focus-visible:outline-2 focus-visible:outline-focus">What it can answer</summary>
        <ul className="mt-2 space-y-1.5 pl-1">
          {offlineQuestionTypes.map((t) => (
            <li key={t.id}>
              <span className="font-medium text-fg">{t.title}</span> — {t.description} <span className="text-fg-muted">e.g. “{t.examples[0]}”</span>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
