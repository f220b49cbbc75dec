import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { describeDataSource } from '../../../../../core/market/source-names.ts';
import type { AnalysisNote as Note, Fact, Sentence } from '../../../../../core/analysis/analysis-types.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import { factAnchor } from './facts-table.tsx';

/** The sentence, then the facts it cites as links to their rows in the facts table. */
function Cited({ sentence, facts }: { sentence: Sentence; facts: Map<string, Fact> }) {
  const cited = sentence.fact_keys.flatMap((k) => facts.get(k) ?? []);
  return (
    <>
      {sentence.text}
      {cited.length > 0 && (
        <span className="ml-1 inline-flex flex-wrap gap-1 align-middle">
          {cited.map((f) => (
            <a
              key={f.key}
              href={`#${factAnchor(f.key)}`}
              className="rounded bg-warning-muted px-1.5 py-0.5 text-xs font-medium text-warning-strong no-underline hover:bg-warning-muted"
              title={`${f.label}: ${formatFactValue(f)} (${f.period}, ${describeDataSource(f.source)}, as of ${f.as_of})`}
            >
              {f.label} {formatFactValue(f)}
            </a>
          ))}
        </span>
      )}
    </>
  );
}

const tones = {
  strength: { heading: 'text-positive-strong', Icon: CheckCircle2, icon: 'text-positive' },
  risk: { heading: 'text-negative-strong', Icon: TriangleAlert, icon: 'text-negative' },
} as const;

/** Strengths or risks: a titled list of cited sentences. */
function NoteList(props: { id: string; title: string; tone: keyof typeof tones; sentences: Sentence[]; facts: Map<string, Fact> }) {
  const { heading, Icon, icon } = tones[props.tone];
  return (
    <section aria-labelledby={props.id}>
      <h3 id={props.id} className={`text-sm font-semibold ${heading}`}>
        {props.title}
      </h3>
      <ul className="mt-2 space-y-2 text-sm text-fg-secondary">
        {props.sentences.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a saved note never reorders
          <li key={i} className="flex gap-2">
            <Icon className={`mt-0.5 size-4 shrink-0 ${icon}`} aria-hidden />
            <span>
              <Cited sentence={s} facts={props.facts} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Who wrote the note: the model (its numbers all checked against the facts) or the rule-based writer, and why when a model is configured but its draft was not used. */
function WriterLine({ note }: { note: Note }) {
  const model = note.writer.startsWith('llm:') ? note.writer.slice('llm:'.length) : null;
  return (
    <p className="mt-3 text-xs text-fg-muted" data-testid="analysis-writer">
      {model ? (
        <>
          Written by <span className="font-medium text-fg-secondary">{model}</span>; every number checked against the facts below.
        </>
      ) : (
        <>Written by the rule-based writer from the facts below.</>
      )}{' '}
      Not investment advice.
      {!model && note.writer_note && <span className="mt-1 block">{note.writer_note}</span>}
    </p>
  );
}

/** The analyst's note: headline, three strengths, three risks and a verdict, each citing its facts. */
export function AnalysisNote({ note, facts, asOf }: { note: Note; facts: Fact[]; asOf: string }) {
  const byKey = new Map(facts.map((f) => [f.key, f]));
  return (
    <Card data-testid="analysis-note">
      <CardContent className="pt-5">
        <p className="text-xs font-medium uppercase tracking-wide text-brand-fg">Analyst's note · data as of {asOf}</p>
        <h2 className="mt-1 text-xl font-semibold leading-snug text-fg" data-testid="analysis-headline" tabIndex={-1}>
          <Cited sentence={note.headline} facts={byKey} />
        </h2>
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          <NoteList id="note-strengths" title="Strengths" tone="strength" sentences={note.strengths} facts={byKey} />
          <NoteList id="note-risks" title="Risks" tone="risk" sentences={note.risks} facts={byKey} />
        </div>
        <div className="mt-5 rounded-lg bg-surface-muted p-4 text-sm text-fg">
          <h3 className="font-semibold text-fg">Verdict</h3>
          <p className="mt-1" data-testid="analysis-verdict">
            <Cited sentence={note.verdict} facts={byKey} />
          </p>
        </div>
        <WriterLine note={note} />
      </CardContent>
    </Card>
  );
}
