import { Link } from 'react-router';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import type { CopilotCitation } from '../api/ask-copilot.ts';
import { splitCitedText } from '../cited-text.ts';

/**
 * An answer's text with each `[n]` as a link to its footnote, then the footnotes: symbol, figure, period
 * and as-of, each linking to the analysis page that shows the figure.
 */
export function AnswerBody({ id, text, citations }: { id: string; text: string; citations: readonly CopilotCitation[] }) {
  const paragraphs = splitCitedText(text, citations.length);
  return (
    <div className="space-y-3">
      <div className="space-y-2 text-[0.95rem] leading-relaxed text-fg">
        {paragraphs.map((segments, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one immutable answer
          <p key={i}>
            {segments.map((s, j) =>
              'cite' in s ? (
                <a
                  // biome-ignore lint/suspicious/noArrayIndexKey: segments of one immutable paragraph
                  key={j}
                  href={`#${id}-cite-${s.cite}`}
                  className="mx-0.5 rounded px-0.5 align-super text-xs font-semibold text-brand-fg underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
                  aria-label={`Source ${s.cite}: ${citations[s.cite - 1]!.label}`}
                >
                  [{s.cite}]
                </a>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments of one immutable paragraph
                <span key={j}>{s.text}</span>
              ),
            )}
          </p>
        ))}
      </div>
      {citations.length > 0 && (
        <details className="group rounded-lg border border-border bg-surface-muted text-sm" open={citations.length <= 8}>
          <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-fg-secondary focus-visible:outline-2 focus-visible:outline-focus">
            Sources ({citations.length})
          </summary>
          <ol className="space-y-1.5 px-3 pb-3" aria-label="Sources">
            {citations.map((c) => {
              // A definition cites its glossary entry, whose label and value are the text just shown: name it only.
              const glossary = c.key.startsWith('glossary_');
              const label = glossary ? `${c.label.split(': ')[0]} — glossary entry` : c.label;
              return (
                <li key={c.n} id={`${id}-cite-${c.n}`} className="flex gap-2 scroll-mt-24" data-testid={`citation-${c.key}`}>
                  <span className="w-7 shrink-0 text-right font-semibold text-fg-subtle tabular">[{c.n}]</span>
                  <span className="min-w-0">
                    {c.href ? (
                      <Link to={c.href} className="font-medium text-brand-fg underline-offset-2 hover:underline">
                        {c.symbol ? `${c.symbol} · ` : ''}
                        {label}
                      </Link>
                    ) : (
                      <span className="font-medium text-fg">
                        {c.symbol ? `${c.symbol} · ` : ''}
                        {label}
                      </span>
                    )}
                    {!glossary && <span className="text-fg">: {formatFactValue(c)}</span>}
                    {!glossary && (
                      <span className="block text-xs text-fg-muted">
                        {c.period}
                        {c.as_of && c.as_of !== c.period ? ` · as of ${c.as_of}` : ''}
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
        </details>
      )}
    </div>
  );
}
