import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { buildQuickStartSnippets, KEY_PLACEHOLDER } from '../quick-start-snippets.ts';

function CodeSample({ title, code }: { title: string; code: string }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl dark bg-surface">
      <figcaption className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
        <span className="text-sm font-medium text-fg">{title}</span>
        <CopyButton text={code} label={`Copy the ${title} example`} />
      </figcaption>
      <ScrollArea label={`${title} example`}>
        <pre className="p-4 font-mono text-xs leading-relaxed text-positive-strong">{code}</pre>
      </ScrollArea>
    </figure>
  );
}

/** The first call, ready to paste: a quote with the caller's key, against this deployment's own origin. */
export function QuickStart({ origin }: { origin: string }) {
  const { curl, typescript } = buildQuickStartSnippets(origin);
  return (
    <section aria-labelledby="quick-start-h" className="min-w-0">
      <h2 id="quick-start-h" className="text-xl font-semibold tracking-tight text-fg">
        Quick start
      </h2>
      <p className="mt-2 max-w-3xl text-sm leading-relaxed text-fg-muted">
        Replace <code className="font-mono text-xs">{KEY_PLACEHOLDER}</code> with your key. Read calls like this one are free; analyses cost the same tokens as
        in the app. Limits, idempotent analyses and every error code are in the reference below.
      </p>
      <div className="mt-4 grid gap-4">
        <CodeSample title="curl" code={curl} />
        <CodeSample title="TypeScript (fetch)" code={typescript} />
      </div>
    </section>
  );
}
