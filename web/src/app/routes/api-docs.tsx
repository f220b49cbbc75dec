import { lazy, Suspense, useEffect, useState } from 'react';
import { apiKeyTiers } from '../../../../core/public-api/limits.ts';
import type { Tier } from '../../../../core/tokens/tiers.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { type ApiDocsReader, QuickStart, readStoredApiKey, storeApiKey, TryItKey, useOpenApiDocument } from '../../features/api-docs/index.ts';
import { useAuth } from '../../features/auth/index.ts';
import { useSubscription } from '../../features/tokens/index.ts';

const loadScalarReference = () => import('../../features/api-docs/components/scalar-reference.tsx');
const ScalarReference = lazy(loadScalarReference);

function useReader(): ApiDocsReader {
  const { user, loading } = useAuth();
  const subscription = useSubscription();
  if (loading || (user && subscription.loading)) return { kind: 'loading' };
  if (!user) return { kind: 'signed-out' };
  const tier: Tier = subscription.subscriptionTier;
  return { kind: 'signed-in', tier, mayHoldKeys: apiKeyTiers.includes(tier) };
}

export default function ApiDocs() {
  const spec = useOpenApiDocument();
  const reader = useReader();
  const [apiKey, setApiKey] = useState(readStoredApiKey);
  // Scalar's chunk downloads while the document is fetched, not after it.
  useEffect(() => void loadScalarReference(), []);
  const applyKey = (key: string) => {
    storeApiKey(key);
    setApiKey(key);
  };

  return (
    <PageShell
      title="API Documentation"
      lead="Call Stockpilot from your own code with an API key: quotes, history, fundamentals, ratios and scores, screener queries, analyses and your token balance. Generated from the server’s own route definitions, so it is always current."
      width="wide"
      actions={
        <a href="/api/openapi.json" className="self-start text-sm font-medium text-brand-fg underline sm:self-end">
          OpenAPI 3.1 JSON
        </a>
      }
    >
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <QuickStart origin={window.location.origin} />
        <TryItKey apiKey={apiKey} onApply={applyKey} reader={reader} />
      </div>
      <section aria-labelledby="reference-h" className="mt-12 border-t border-border pt-8">
        <h2 id="reference-h" className="mb-4 text-xl font-semibold tracking-tight text-fg">
          Reference
        </h2>
        {spec.isPending ? (
          <Spinner label="Loading the API reference..." />
        ) : spec.isError ? (
          <Alert tone="error" title="The API reference could not be loaded">
            <p>{spec.error.message}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => spec.refetch()} loading={spec.isFetching}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Suspense fallback={<Spinner label="Loading the API reference..." />}>
            <ScalarReference document={spec.data} apiKey={apiKey} />
          </Suspense>
        )}
      </section>
    </PageShell>
  );
}
