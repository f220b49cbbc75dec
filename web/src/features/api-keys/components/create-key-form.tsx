import { type FormEvent, useState } from 'react';
import { API_KEY_NAME_MAX } from '../../../../../core/public-api/api-key-format.ts';
import { type ApiKeyScope, apiKeyScopes } from '../../../../../core/public-api/limits.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { type CreatedApiKeyResponse, createApiKey, useApiKeyMutation } from '../api/api-key-mutations.ts';

const scopeLabels: Record<ApiKeyScope, { label: string; hint: string }> = {
  read: { label: 'Read', hint: 'Quotes, history, fundamentals, ratios, screens, your analyses and balance (free)' },
  analyses: { label: 'Run analyses', hint: 'Charged in tokens exactly as in the app' },
};

export function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKeyResponse) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([...apiKeyScopes]);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const create = useApiKeyMutation(createApiKey);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = { name: name.trim() ? undefined : 'Give the key a name, e.g. where it is used.', scopes: scopes.length ? undefined : 'Choose at least one.' };
    setErrors(next);
    if (next.name || next.scopes) return;
    try {
      onCreated(await create.mutateAsync({ name: name.trim(), scopes }));
      setName('');
    } catch (err) {
      if (err instanceof ApiError && err.field === 'name') setErrors({ name: err.message });
      else setErrors({ form: err instanceof Error ? err.message : 'The key could not be created. Try again.' });
    }
  };

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((s) => (on ? apiKeyScopes.filter((x) => x === scope || s.includes(x)) : s.filter((x) => x !== scope)));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Create an API key">
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <Field label="Key name" error={errors.name} hint="Where you will use it, e.g. “Nightly report”.">
        {(p) => (
          <Input {...p} name="api-key-name" maxLength={API_KEY_NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} disabled={create.isPending} />
        )}
      </Field>
      <fieldset className="space-y-2" aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}>
        <legend className="text-sm font-medium text-fg-secondary">What the key may do</legend>
        {apiKeyScopes.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm text-fg-secondary">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
              disabled={create.isPending}
            />
            <span>
              <span className="font-medium">{scopeLabels[scope].label}</span> <span className="text-fg-muted">— {scopeLabels[scope].hint}</span>
            </span>
          </label>
        ))}
        {errors.scopes && (
          <p id="api-key-scopes-error" role="alert" className="text-sm text-negative">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}
