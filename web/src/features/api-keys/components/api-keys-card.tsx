import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { CreatedApiKeyResponse } from '../api/api-key-mutations.ts';
import { useApiKeys } from '../api/list-api-keys.ts';
import { CreateKeyForm } from './create-key-form.tsx';
import { KeyList } from './key-list.tsx';
import { NewKeyPanel } from './new-key-panel.tsx';

/** Settings → API keys: create (Pro), see once, copy, hand to the API docs, revoke. */
export function ApiKeysCard({ userId }: { userId: string | null }) {
  const keys = useApiKeys(userId);
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const data = keys.data;
  return (
    <Card data-testid="api-keys-card">
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <CardDescription>
          Call Stockpilot from your own code: quotes, fundamentals, ratios, screens and analyses. See the{' '}
          <Link to="/api-docs" className="font-medium text-brand-fg underline-offset-4 hover:underline">
            API documentation
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {keys.isPending && <Spinner className="py-6" label="Loading your API keys…" />}
        {keys.isError && (
          <Alert tone="error" title="Your API keys could not be loaded.">
            <Button size="sm" variant="outline" className="mt-2" onClick={() => keys.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {created && <NewKeyPanel created={created} onDone={() => setCreated(null)} />}
        {data &&
          (data.can_create ? (
            <CreateKeyForm onCreated={setCreated} />
          ) : (
            <Alert tone="info" title="API keys are part of the Pro plan">
              <p>
                Upgrade to Pro to create keys.
                {data.keys.length > 0 && ' Your keys below stop working until the account is on Pro again; you can still revoke them.'}
              </p>
              <ButtonLink to="/pricing" size="sm" variant="outline" className="mt-2">
                See plans
              </ButtonLink>
            </Alert>
          ))}
        {data && (
          <>
            <KeyList keys={data.keys} />
            <p className="text-xs text-fg-muted">
              Up to {data.max_keys} keys. Each key may make {data.rate_limits.read.limit} read requests and {data.rate_limits.analyses.limit} analyses a minute.
              Reads are free; analyses cost the same tokens as in the app. Send the key as <code>Authorization: Bearer</code>, never in a URL.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
