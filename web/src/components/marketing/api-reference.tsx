import { useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from '../ui/input.tsx';
import type { OperationSummary, SchemaSummary, TagGroup } from './openapi-summary.ts';

const methodTone: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-800 ring-sky-200',
  POST: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  PUT: 'bg-amber-100 text-amber-800 ring-amber-200',
  PATCH: 'bg-amber-100 text-amber-800 ring-amber-200',
  DELETE: 'bg-red-100 text-red-700 ring-red-200',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-16 shrink-0 justify-center rounded-md px-1.5 py-0.5 font-mono text-xs font-bold ring-1 ring-inset',
        methodTone[method] ?? 'bg-slate-100 text-slate-700 ring-slate-200',
      )}
    >
      {method}
    </span>
  );
}

const tagInfo: Record<string, [string, string]> = {
  system: ['System', 'Health and service information.'],
  accounts: ['Accounts and profile', 'Sign-in configuration and the signed-in user’s profile and avatar.'],
  tokens: ['Tokens', 'Balances, the usage guide of token costs, daily usage and the ledger.'],
  billing: ['Billing', 'Plans, token packages, checkout, the customer portal and payment webhooks.'],
  market: ['Market data', 'Search, quotes, price history, fundamentals, ETF holdings and dividends.'],
  analyses: ['Analyses', 'Run and re-open analyses; each one returns its computed facts.'],
  copilot: ['Copilot', 'Ask questions answered from the same tools the analyses use.'],
  'smart-yield': ['Smart yield', 'A portfolio’s dividend yield, safety and 12-month income calendar (free, nothing stored).'],
  fundamentals: ['Fundamentals scorecards', 'Piotroski F, Altman Z/Z″ and Beneish M over five fiscal years, with the sector’s distribution (free).'],
  dev: ['Development', 'Only available outside production.'],
};
export const tagTitle = (tag: string) => tagInfo[tag]?.[0] ?? tag.charAt(0).toUpperCase() + tag.slice(1);
export const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function statusTone(status: string) {
  if (status.startsWith('2')) return 'text-emerald-700 bg-emerald-50';
  if (status.startsWith('3')) return 'text-sky-700 bg-sky-50';
  if (status.startsWith('4')) return 'text-amber-800 bg-amber-50';
  return 'text-red-700 bg-red-50';
}

function SchemaRows({ schema }: { schema: SchemaSummary }) {
  if (schema.rows.length === 0) {
    return <p className="font-mono text-xs text-slate-600">{schema.name ?? schema.type}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
      {schema.rows.map((r) => (
        <li key={r.path} className="px-3 py-2" style={{ paddingLeft: `${0.75 + r.depth * 1}rem` }}>
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <code className="break-all font-mono text-[13px] font-semibold text-ink">{r.path.split('.').pop()}</code>
            <span className="break-words font-mono text-xs text-slate-500">{r.type}</span>
            {!r.required && <span className="text-[11px] font-medium uppercase tracking-wide text-slate-400">optional</span>}
          </div>
          {r.description && (
            <p className="mt-0.5 text-xs leading-relaxed text-slate-600">
              <InlineCode text={r.description} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Operation({ op }: { op: OperationSummary }) {
  return (
    <details id={op.id} className="group scroll-mt-24 rounded-xl border border-slate-200 bg-white shadow-sm open:shadow">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1.5 px-4 py-3 [&::-webkit-details-marker]:hidden">
        <MethodBadge method={op.method} />
        <code className="min-w-0 break-all font-mono text-sm font-semibold text-ink">{op.path}</code>
        {op.requiresSignIn && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600">sign-in</span>}
        {op.deprecated && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800">deprecated</span>}
        <span className="w-full text-sm text-slate-600 sm:w-auto sm:flex-1 sm:text-right">
          <InlineCode text={op.summary} />
        </span>
      </summary>
      <div className="space-y-5 border-t border-slate-100 px-4 py-4">
        {op.description && (
          <p className="text-sm leading-relaxed text-slate-700">
            <InlineCode text={op.description} />
          </p>
        )}
        {op.parameters.length > 0 && (
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Parameters</h4>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
              {op.parameters.map((p) => (
                <li key={`${p.in}-${p.name}`} className="px-3 py-2">
                  <div className="flex flex-wrap items-baseline gap-x-2">
                    <code className="font-mono text-[13px] font-semibold text-ink">{p.name}</code>
                    <span className="text-xs text-slate-500">in {p.in}</span>
                    <span className="break-words font-mono text-xs text-slate-500">{p.type}</span>
                    {!p.required && <span className="text-[11px] font-medium uppercase tracking-wide text-slate-400">optional</span>}
                  </div>
                  {p.description && (
                    <p className="mt-0.5 text-xs text-slate-600">
                      <InlineCode text={p.description} />
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {op.requestBody && (
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              Request body <span className="font-mono font-normal normal-case">{op.requestBody.contentType}</span>
            </h4>
            <div className="mt-2">
              <SchemaRows schema={op.requestBody} />
            </div>
          </div>
        )}
        <div>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Responses</h4>
          <ul className="mt-2 space-y-3">
            {op.responses.map((r) => (
              <li key={r.status}>
                <div className="flex flex-wrap items-baseline gap-2 text-sm">
                  <span className={cn('tabular rounded px-1.5 py-0.5 font-mono text-xs font-bold', statusTone(r.status))}>{r.status}</span>
                  <span className="text-slate-700">
                    <InlineCode text={r.description} />
                  </span>
                  {r.isError && (
                    <a href="#errors" className="text-xs font-medium text-brand-700 underline">
                      error shape
                    </a>
                  )}
                </div>
                {r.body && r.status.startsWith('2') && (
                  <div className="mt-2">
                    <SchemaRows schema={r.body} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </details>
  );
}

/** Server texts mark identifiers with backticks; show those as code. */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the split of one fixed string never reorders
          <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

const matches = (op: OperationSummary, q: string) => `${op.method} ${op.path} ${op.summary}`.toLowerCase().includes(q);

/** The endpoint list: a filter box, a table of contents by tag, and one collapsible card per operation. */
export function ApiReference({ groups }: { groups: TagGroup[] }) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = useMemo(
    () => groups.map((g) => ({ ...g, operations: q ? g.operations.filter((o) => matches(o, q)) : g.operations })).filter((g) => g.operations.length > 0),
    [groups, q],
  );
  const total = groups.reduce((n, g) => n + g.operations.length, 0);

  return (
    <div className="grid gap-8 lg:grid-cols-[13rem_1fr]">
      <nav aria-label="Endpoint groups" className="hidden lg:sticky lg:top-24 lg:block lg:self-start">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Endpoints</p>
        <ul className="mt-3 space-y-1.5 text-sm">
          {groups.map((g) => (
            <li key={g.tag}>
              <a href={`#${tagAnchor(g.tag)}`} className="flex justify-between gap-2 text-slate-600 hover:text-brand-700">
                {tagTitle(g.tag)}
                <span className="tabular text-slate-400">{g.operations.length}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <div className="mb-6">
          <label htmlFor="api-filter" className="sr-only">
            Filter endpoints
          </label>
          <Input
            id="api-filter"
            type="search"
            placeholder={`Filter ${total} endpoints by path or description`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {shown.length === 0 && (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">No endpoint matches “{query}”.</p>
        )}
        <div className="space-y-10">
          {shown.map((g) => (
            <section key={g.tag} id={tagAnchor(g.tag)} aria-labelledby={`${tagAnchor(g.tag)}-h`} className="scroll-mt-24">
              <h3 id={`${tagAnchor(g.tag)}-h`} className="text-lg font-semibold text-ink">
                {tagTitle(g.tag)}
              </h3>
              {tagInfo[g.tag] && <p className="mt-1 text-sm text-slate-600">{tagInfo[g.tag]![1]}</p>}
              <div className="mt-4 space-y-3">
                {g.operations.map((op) => (
                  <Operation key={op.id} op={op} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
