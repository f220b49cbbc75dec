import { Check, Copy } from 'lucide-react';
import { useClipboardCopy } from '../../lib/use-clipboard-copy.ts';
import { Button } from './button.tsx';

/** Copies `text` to the clipboard; says so in the button (announced politely) for two seconds. */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const { state, copy } = useClipboardCopy(text, { resetAfterMs: 2000 });
  return (
    <Button variant="outline" size="sm" onClick={copy} aria-label={label} className={className}>
      {state === 'copied' ? <Check className="size-4 text-brand-fg" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </Button>
  );
}
