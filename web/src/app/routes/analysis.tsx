import { BarChart3, Calculator, CandlestickChart, Landmark, PieChart, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AnalysisKind } from '../../../../core/analysis/analysis-types.ts';
import { checkAvailability } from '../../../../core/analysis/runs/index.ts';
import { formatCostTokens } from '../../features/analyses/index.ts';
import { type ProfileResponse, SymbolPage } from '../../features/market/index.ts';
import { useSubscription, useTokenCosts } from '../../features/tokens/index.ts';
import { formatTokens } from '../../lib/format.ts';

interface Choice {
  kind: AnalysisKind;
  title: string;
  what: string;
  to: (s: string) => string;
  icon: ReactNode;
}

const choices: Choice[] = [
  {
    kind: 'overview',
    title: 'Quick Overview',
    what: 'Price, trend and the key figures at a glance, graded against the sector.',
    to: (s) => `/overview/${s}`,
    icon: <BarChart3 className="size-5" />,
  },
  {
    kind: 'fundamental',
    title: 'Fundamental Analysis',
    what: 'Seven views: overview, profitability, growth, valuation, financial health, dividends and cash flow.',
    to: (s) => `/fundamental-analysis/${s}/overview`,
    icon: <Landmark className="size-5" />,
  },
  {
    kind: 'technical',
    title: 'Technical Analysis',
    what: 'Candles with SMA 50/200 and Bollinger bands, RSI and MACD, the rating with every vote, support and resistance.',
    to: (s) => `/technical/${s}`,
    icon: <CandlestickChart className="size-5" />,
  },
  {
    kind: 'balance-sheet',
    title: 'Balance Sheet Analysis',
    what: 'Liquidity, leverage and the Altman Z-score with its five inputs.',
    to: (s) => `/balance-sheet/${s}`,
    icon: <Scale className="size-5" />,
  },
  {
    kind: 'dcf',
    title: 'DCF Valuation',
    what: 'Fair value per share against the price, the assumptions, and the sensitivity grid as a heat map.',
    to: (s) => `/dcf/${s}`,
    icon: <Calculator className="size-5" />,
  },
  {
    kind: 'etf',
    title: 'ETF Analysis',
    what: 'Holdings, sector weights, concentration, costs and overlap with another ETF.',
    to: (s) => `/etf/${s}`,
    icon: <PieChart className="size-5" />,
  },
];

function Choices({ symbol, profile }: { symbol: string; profile: ProfileResponse }) {
  const costs = useTokenCosts();
  const { tokenBalance, loading } = useSubscription();
  const s = encodeURIComponent(symbol);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="analysis-choices">
      {choices.map((c) => {
        const unavailable = checkAvailability(c.kind, { profile, coverage: profile.coverage });
        const costMt = costs.data?.costs.find((x) => x.action === c.kind)?.cost_mt;
        const covered = costMt !== undefined && Math.round(tokenBalance * 1000) >= costMt;
        const body = (
          <>
            <span className="flex items-start justify-between gap-2">
              <span
                className={`inline-flex size-9 items-center justify-center rounded-lg ${unavailable ? 'bg-surface-subtle text-fg-subtle' : 'bg-brand-soft text-brand-fg'}`}
                aria-hidden
              >
                {c.icon}
              </span>
              {costMt !== undefined && <span className="text-sm font-semibold text-fg tabular">{formatCostTokens(costMt)} tokens</span>}
            </span>
            <span className="mt-3 block font-semibold text-fg">{c.title}</span>
            <span className="mt-1 block text-sm text-fg-muted">{c.what}</span>
            {unavailable ? (
              <span className="mt-2 block text-xs font-medium text-warning">Not available: {unavailable.reason}</span>
            ) : (
              costMt !== undefined &&
              !loading && (
                <span className={`mt-2 block text-xs font-medium ${covered ? 'text-positive-strong' : 'text-negative'}`}>
                  {covered ? `Your balance (${formatTokens(tokenBalance)}) covers it` : `Your balance (${formatTokens(tokenBalance)}) does not cover it`}
                </span>
              )
            )}
          </>
        );
        return (
          <li key={c.kind} data-kind={c.kind}>
            {unavailable ? (
              <div className="h-full rounded-xl border border-dashed border-border-strong bg-surface-muted p-4" aria-disabled="true">
                {body}
              </div>
            ) : (
              <Link to={c.to(s)} className="block h-full rounded-xl border border-border bg-surface p-4 shadow-sm hover:border-brand">
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export default function Page() {
  return (
    <SymbolPage pageName="Choose an analysis" lead="Choose an analysis: what each costs and contains, and which ones the data supports for this symbol.">
      {(symbol, profile) => <Choices symbol={symbol} profile={profile} />}
    </SymbolPage>
  );
}
