import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { API_KEY_PREFIX } from '../../../../../core/public-api/limits.ts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';

/** Who is reading: decides the note beside the key field (keys are a Pro feature; the docs are open to all). */
export type ApiDocsReader = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'signed-in'; tier: string; mayHoldKeys: boolean };

function ReaderNote({ reader }: { reader: ApiDocsReader }) {
  if (reader.kind === 'loading') return null;
  if (reader.kind === 'signed-out') {
    return (
      <div className="mt-4 rounded-lg border border-warning-muted bg-warning-soft p-3 text-sm text-warning-strong">
        <p className="font-semibold">Sign in · Pro required</p>
        <p className="mt-1">The docs are open to everyone. To call the API, sign in on a Pro plan and create a key in Settings → API keys.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <ButtonLink to="/login?next=%2Fapi-docs" size="sm">
            Sign in
          </ButtonLink>
          <ButtonLink to="/pricing" variant="outline" size="sm">
            See plans
          </ButtonLink>
        </div>
      </div>
    );
  }
  if (!reader.mayHoldKeys) {
    return (
      <div className="mt-4 rounded-lg border border-warning-muted bg-warning-soft p-3 text-sm text-warning-strong">
        <p className="font-semibold">Pro required</p>
        <p className="mt-1">You are on {reader.tier}. API keys come with the Pro plan; the calls cost the same tokens as in the app.</p>
        <ButtonLink to="/pricing" variant="outline" size="sm" className="mt-3">
          See plans
        </ButtonLink>
      </div>
    );
  }
  return (
    <p className="mt-4 text-sm text-fg-muted">
      No key yet?{' '}
      <Link to="/settings" className="font-medium text-brand-fg underline">
        Create one in Settings → API keys
      </Link>
      .
    </p>
  );
}

/**
 * The key "Try it" sends. It lives in this tab only and goes nowhere but this site's /api/v1: the reference
 * below sends requests straight from the browser, without a proxy.
 */
export function TryItKey({ apiKey, onApply, reader }: { apiKey: string; onApply: (key: string) => void; reader: ApiDocsReader }) {
  const [draft, setDraft] = useState(apiKey);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = draft.trim();
    if (!key.startsWith(API_KEY_PREFIX)) {
      setError(`An API key starts with ${API_KEY_PREFIX}.`);
      return;
    }
    setError(null);
    onApply(key);
  };
  const forget = () => {
    setDraft('');
    setError(null);
    onApply('');
  };
  return (
    <section aria-labelledby="try-it-key-h" className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <h2 id="try-it-key-h" className="flex items-center gap-2 font-semibold text-fg">
        <KeyRound className="size-4 text-brand-fg" aria-hidden /> Your key for “Try it”
      </h2>
      <p className="mt-1 text-sm text-fg-muted" aria-live="polite">
        {apiKey ? (
          <>
            “Try it” sends <code className="break-all font-mono text-xs">Authorization: Bearer {apiKey.slice(0, API_KEY_PREFIX.length + 4)}…</code>
          </>
        ) : (
          'No key set: “Try it” requests will answer 401.'
        )}
      </p>
      <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
        <Field label="API key" error={error} hint="Keys are shown once when created in Settings → API keys. Kept in this tab only; sent only to this site.">
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={`${API_KEY_PREFIX}…`}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm">
            Use key
          </Button>
          {apiKey && (
            <Button variant="outline" size="sm" onClick={forget}>
              Forget key
            </Button>
          )}
        </div>
      </form>
      <ReaderNote reader={reader} />
    </section>
  );
}
