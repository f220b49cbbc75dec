import { useState } from 'react';
import { API_DOCS_KEY_STORAGE } from '../../../../../core/public-api/limits.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useClipboardCopy } from '../../../lib/use-clipboard-copy.ts';
import type { CreatedApiKeyResponse } from '../api/api-key-mutations.ts';

/**
 * The one time a key's secret is on screen: copy it, or hand it to /api-docs' "Try it" through this tab's
 * sessionStorage (never the server, never localStorage). Closing the panel forgets it.
 */
export function NewKeyPanel({ created, onDone }: { created: CreatedApiKeyResponse; onDone: () => void }) {
  const { state: copied, copy } = useClipboardCopy(created.secret);
  const [inDocs, setInDocs] = useState(false);
  const useInDocs = () => {
    sessionStorage.setItem(API_DOCS_KEY_STORAGE, created.secret);
    setInDocs(true);
  };
  return (
    <section aria-labelledby="new-api-key-title" className="space-y-3 rounded-lg border border-positive-muted bg-positive-soft p-4" data-testid="new-api-key">
      <h3 id="new-api-key-title" className="text-sm font-semibold text-positive-strong">
        Your new key “{created.key.name}”
      </h3>
      <p className="text-sm text-positive-strong">Copy it now: it is shown only once. Stockpilot keeps only a fingerprint of it and cannot show it again.</p>
      <label className="sr-only" htmlFor="new-api-key-secret">
        New API key
      </label>
      <input
        id="new-api-key-secret"
        readOnly
        value={created.secret}
        onFocus={(e) => e.currentTarget.select()}
        className="h-10 w-full rounded-lg border border-positive-muted bg-surface px-3 font-mono text-xs text-fg focus:outline-none focus:ring-2 focus:ring-brand-muted"
        data-testid="new-api-key-secret"
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={copy}>
          {copied === 'copied' ? 'Copied' : 'Copy key'}
        </Button>
        <Button size="sm" variant="outline" onClick={useInDocs}>
          Use in the API docs
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-positive-strong">
        {copied === 'copied' && 'Copied to the clipboard. '}
        {copied === 'failed' && 'The browser did not allow copying: select the key above and copy it yourself. '}
        {inDocs && (
          <>
            The API docs in this tab will use this key for “Try it”.{' '}
            <Link to="/api-docs" className="font-medium underline underline-offset-4">
              Open the API docs
            </Link>
          </>
        )}
      </p>
    </section>
  );
}
