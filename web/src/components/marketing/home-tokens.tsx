import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatUsdCents, TOKEN_PRICE_CENTS } from '../../../../core/tokens/catalog.ts';
import { getActionCostMt } from '../../../../core/tokens/costs.ts';
import { MT_PER_TOKEN } from '../../../../core/tokens/units.ts';
import { analysisProducts, COPILOT_COST_MT, formatCostMt, MIN_TOPUP_TOKENS, tiers } from './product-facts.ts';
import { Section } from './section.tsx';
import { DataTable, type DataTableColumn } from '../ui/data-table.tsx';

/** How many runs of an action a monthly allowance pays for: floor(tokens × 1000 / cost in mt). */
export const countRuns = (monthlyTokens: number, costMt: number) => Math.floor((monthlyTokens * MT_PER_TOKEN) / costMt);

const chargeSteps: Array<[string, string]> = [
  ['Reserved', 'When you start an analysis, its cost is put on hold from your balance, so two tabs can never overspend it.'],
  ['Charged on success', 'The hold becomes a charge only when the finished report is delivered.'],
  ['Released on failure', 'If anything fails — a data gap, a timeout, an error on our side — the hold is released. You pay nothing.'],
  ['Free to re-open', 'A finished analysis stays in your history; opening it again costs no tokens.'],
];

type TokenRow = readonly [name: string, costMt: number];
const tokenColumns = (monthlyTokens: number): DataTableColumn<TokenRow>[] => [
  { id: 'analysis', header: 'Analysis', rowHeader: true, cellClassName: 'text-fg-secondary', cell: ([name]) => name },
  { id: 'cost', header: 'Cost', numeric: true, cellClassName: 'text-fg-secondary', cell: ([, mt]) => formatCostMt(mt) },
  { id: 'runs', header: 'Runs', numeric: true, cellClassName: 'font-semibold text-fg', cell: ([, mt]) => countRuns(monthlyTokens, mt) },
];

/** The home page's plans and token section: every figure from core/tokens. */
export function HomeTokens() {
  const free = tiers[0]!;
  const basic = tiers[1]!;
  const popular = basic.name;
  return (
    <Section
      id="tokens"
      tone="white"
      eyebrow="Tokens"
      title="Pay for what you run, never for what fails"
      lead="Every plan comes with a monthly token allowance. Each analysis has a fixed price in tokens, shown on its button before you run it, and is charged only when it is delivered."
    >
      <div className="grid gap-4 lg:grid-cols-3">
        {tiers.map((t) => (
          <div key={t.name} className={`rounded-2xl border p-6 ${t.name === popular ? 'border-brand ring-1 ring-focus' : 'border-border'}`}>
            <div className="flex items-center justify-between">
              <h3 className="text-lg font-semibold text-fg">{t.name}</h3>
              {t.name === popular && <span className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-medium text-brand-fg">Most popular</span>}
            </div>
            <p className="mt-3">
              <span className="tabular text-3xl font-bold text-fg">{formatUsdCents(t.priceCents)}</span>
              <span className="text-sm text-fg-subtle"> / month</span>
            </p>
            <p className="mt-1 text-sm font-medium text-fg-secondary">
              <span className="tabular">{t.monthlyTokens}</span> tokens every month
            </p>
            <p className="mt-3 text-sm text-fg-muted">
              {t.canTopUp
                ? `Running low? Buy extra tokens at ${formatUsdCents(TOKEN_PRICE_CENTS)} each (from ${MIN_TOPUP_TOKENS}); purchased tokens never expire.`
                : `Enough for ${countRuns(free.monthlyTokens, getActionCostMt('fundamental'))} fundamental analyses or ${countRuns(free.monthlyTokens, getActionCostMt('overview'))} quick overviews a month.`}
            </p>
          </div>
        ))}
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="rounded-2xl border border-border p-6">
          <h3 className="font-semibold text-fg">What {basic.monthlyTokens} tokens will buy</h3>
          <p className="mt-1 text-sm text-fg-subtle">The {basic.name} allowance, spent on one kind of analysis:</p>
          <DataTable
            columns={tokenColumns(basic.monthlyTokens)}
            rows={[...analysisProducts.map((a) => [a.name, a.costMt] as const), ['Copilot question', COPILOT_COST_MT] as const]}
            rowKey={([name]) => name}
            caption={`Token cost per analysis and how many fit in ${basic.monthlyTokens} tokens`}
            scroll={false}
            tableClassName="mt-4"
            headClassName="border-b border-border text-xs uppercase tracking-wide text-fg-subtle"
            bodyClassName="divide-y divide-border-subtle"
            cellClassName="py-2"
            rowClassName=""
          />
        </div>
        <ol className="space-y-4">
          {chargeSteps.map(([title, text], i) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-fg">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold text-fg">{title}</h3>
                <p className="mt-0.5 text-sm leading-relaxed text-fg-muted">{text}</p>
              </div>
            </li>
          ))}
          <li className="pl-12">
            <Link to="/pricing" className="inline-flex items-center gap-1 text-sm font-medium text-brand-fg hover:underline">
              Compare plans and token packages <ArrowRight className="size-4" aria-hidden />
            </Link>
          </li>
        </ol>
      </div>
    </Section>
  );
}
