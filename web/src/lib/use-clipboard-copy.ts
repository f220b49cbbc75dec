import { useEffect, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` to the clipboard on `copy()` and reports how it went. `resetAfterMs` returns the state to
 * idle (a button that says "Copied" for a moment); `onFail` lets the caller offer a fallback, e.g. select
 * the text so Ctrl+C copies it when the browser refuses clipboard access.
 */
export function useClipboardCopy(text: string, options: { resetAfterMs?: number; onFail?: () => void } = {}) {
  const { resetAfterMs, onFail } = options;
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle' || resetAfterMs === undefined) return;
    const timer = window.setTimeout(() => setState('idle'), resetAfterMs);
    return () => window.clearTimeout(timer);
  }, [state, resetAfterMs]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => {
        setState('failed');
        onFail?.();
      },
    );
  return { state, copy };
}
