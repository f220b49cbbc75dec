import { useQuery } from '@tanstack/react-query';
import { Cookie, KeyRound } from 'lucide-react';
import { useMemo } from 'react';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { ApiReference, InlineCode } from '../../components/marketing/api-reference.tsx';
import { groupOperations, type OpenApiDocument } from '../../components/marketing/openapi-summary.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ScrollArea } from '../../components/ui/scroll-area.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiFetch } from '../../lib/api.ts';

const errorExample = `{
  "error": {
    "code": "VALIDATION_FAILED",
    "message": "tokensToPurchase must be at least 20.",
    "field": "tokensToPurchase"
  }
}`;

const statuses: Array<[string, string, string]> = [
  ['400', 'VALIDATION_FAILED, INVALID_JSON', 'Bad input. `field` names the field at fault; nothing was changed.'],
  ['401', 'UNAUTHORIZED', 'No valid session (or, later, API key).'],
  ['402', 'INSUFFICIENT_TOKENS', 'The balance does not cover the cost; nothing was charged.'],
  ['403', 'FORBIDDEN, TIER_REQUIRED, TOPUP_NOT_ALLOWED', 'Signed in, but this plan or state does not allow it.'],
  ['404', 'NOT_FOUND, UNKNOWN_SYMBOL, NO_DATA', 'No such route, record or symbol.'],
  ['405', 'METHOD_NOT_ALLOWED', 'Wrong HTTP method; the `Allow` header lists the right ones.'],
  ['409', 'CONFLICT, ALREADY_EXISTS', 'The request conflicts with the current state.'],
  ['413', 'PAYLOAD_TOO_LARGE', 'Request bodies are limited to 1 MB (avatars 2 MB).'],
  ['429', 'RATE_LIMITED', 'Too many requests; wait and retry.'],
  ['5xx', 'INTERNAL_ERROR, SERVICE_UNAVAILABLE', 'Our fault. The message never contains internal details.'],
];

function Intro() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="space-y-10">
      <section aria-labelledby="basics" className="grid gap-4 md:grid-cols-3">
        <h2 id="basics" className="sr-only">
          Basics
        </h2>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold text-ink">Base URL</h3>
          <p className="mt-2 break-all font-mono text-sm text-slate-700">{origin}/api</p>
          <p className="mt-2 text-sm text-slate-600">JSON in and out (UTF-8). Tokens are numbers with at most 3 decimals; money is in integer cents.</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="flex items-center gap-2 font-semibold text-ink">
            <Cookie className="size-4 text-brand-600" aria-hidden /> Authentication today
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            Signed-in requests carry the session cookie set when you sign in on this site. Calls marked{' '}
            <span className="rounded-full bg-slate-100 px-1.5 text-xs">sign-in</span> answer 401 without it. State-changing requests from other origins are
            refused (403).
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="flex items-center gap-2 font-semibold text-ink">
            <KeyRound className="size-4 text-brand-600" aria-hidden /> API keys
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-800">Coming</span>
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            Pro subscribers will create keys in Settings and call <code className="font-mono text-xs">/api/v1/*</code> with{' '}
            <code className="break-all font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>. Calls cost the same tokens as in the app.
          </p>
        </div>
      </section>

      <section id="errors" aria-labelledby="errors-h" className="scroll-mt-24">
        <h2 id="errors-h" className="text-xl font-semibold tracking-tight text-ink">
          Errors
        </h2>
        <p className="mt-2 max-w-3xl text-sm leading-relaxed text-slate-600">
          Every error has the same shape and a fitting HTTP status. <code className="font-mono text-xs">code</code> is a stable UPPER_SNAKE identifier to branch
          on; <code className="font-mono text-xs">message</code> is a sentence you can show to people; <code className="font-mono text-xs">field</code> is
          present when one input is at fault. A failed request never changes anything and never charges tokens.
        </p>
        <div className="mt-4 grid items-start gap-4 lg:grid-cols-[1fr_1.4fr]">
          <figure className="min-w-0">
            <figcaption className="sr-only">Example error response</figcaption>
            <ScrollArea label="Example error response" className="rounded-xl bg-ink">
              <pre className="p-4 font-mono text-xs leading-relaxed text-emerald-200">{errorExample}</pre>
            </ScrollArea>
          </figure>
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
            {statuses.map(([status, codes, meaning]) => (
              <div key={status} className="grid gap-1 px-4 py-2.5 sm:grid-cols-[3rem_1fr] sm:gap-3">
                <dt className="tabular font-mono font-bold text-slate-700">{status}</dt>
                <dd>
                  <span className="break-words font-mono text-xs text-ink">{codes}</span>
                  <span className="mt-0.5 block text-slate-600">
                    <InlineCode text={meaning} />
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </div>
  );
}

export default function ApiDocs() {
  const spec = useQuery({ queryKey: ['openapi'], queryFn: ({ signal }) => apiFetch<OpenApiDocument>('/api/openapi.json', { signal }), staleTime: 5 * 60_000 });
  const groups = useMemo(() => (spec.data ? groupOperations(spec.data) : []), [spec.data]);

  return (
    <PageShell
      title="API Documentation"
      lead="The HTTP API behind Stockpilot, generated from the server’s own route definitions, so it is always current."
      width="wide"
      actions={
        <a href="/api/openapi.json" className="self-start text-sm font-medium text-brand-700 underline sm:self-end">
          OpenAPI 3.1 JSON
        </a>
      }
    >
      <Intro />
      <section aria-labelledby="endpoints-h" className="mt-12">
        <h2 id="endpoints-h" className="mb-6 text-xl font-semibold tracking-tight text-ink">
          Endpoints
          {spec.data?.info?.version && <span className="ml-2 align-middle text-xs font-medium text-slate-500">v{spec.data.info.version}</span>}
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
        ) : groups.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">The server lists no endpoints yet.</p>
        ) : (
          <ApiReference groups={groups} />
        )}
      </section>
    </PageShell>
  );
}
