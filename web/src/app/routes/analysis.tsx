import { BarChart3, CandlestickChart, Landmark, PieChart, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AiAnalysisComing, type ProfileResponse, SymbolPage } from '../../features/market/index.ts';

interface Choice {
  title: string;
  what: string;
  to: string;
  icon: ReactNode;
  available: (p: ProfileResponse) => boolean;
  needs: string;
}

const choices = (s: string): Choice[] => [
  {
    title: 'Quick Overview',
    what: 'Price, trend and the key figures at a glance.',
    to: `/overview/${s}`,
    icon: <BarChart3 className="size-5" />,
    available: (p) => p.coverage.quote,
    needs: 'price data',
  },
  {
    title: 'Fundamental Analysis',
    what: 'Profitability, growth and financial health from the statements.',
    to: `/fundamental-analysis/${s}/overview`,
    icon: <Landmark className="size-5" />,
    available: (p) => p.coverage.fundamentals,
    needs: 'financial statements',
  },
  {
    title: 'Technical Analysis',
    what: 'Trend, momentum and price performance.',
    to: `/technical/${s}`,
    icon: <CandlestickChart className="size-5" />,
    available: (p) => p.coverage.history !== null,
    needs: 'price history',
  },
  {
    title: 'Balance Sheet Analysis',
    what: 'Assets, liabilities, debt and equity over the years.',
    to: `/fundamental-analysis/${s}/balance-sheet`,
    icon: <Scale className="size-5" />,
    available: (p) => p.coverage.fundamentals,
    needs: 'financial statements',
  },
  {
    title: 'ETF Analysis',
    what: 'Holdings, sector weights and costs.',
    to: `/etf/${s}`,
    icon: <PieChart className="size-5" />,
    available: (p) => p.type === 'etf',
    needs: 'an ETF',
  },
];

export default function Page() {
  return (
    <SymbolPage pageName="Choose an analysis" lead="Choose an analysis. Those the data cannot support for this symbol are marked.">
      {(symbol, profile) => (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {choices(encodeURIComponent(symbol)).map((c) => {
              const ok = c.available(profile);
              const body = (
                <>
                  <span
                    className={`inline-flex size-9 items-center justify-center rounded-lg ${ok ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-400'}`}
                    aria-hidden
                  >
                    {c.icon}
                  </span>
                  <span className="mt-3 block font-semibold text-ink">{c.title}</span>
                  <span className="mt-1 block text-sm text-slate-600">{c.what}</span>
                  {!ok && <span className="mt-2 block text-xs font-medium text-amber-700">Not available: needs {c.needs}</span>}
                </>
              );
              return (
                <li key={c.title}>
                  {ok ? (
                    <Link to={c.to} className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500">
                      {body}
                    </Link>
                  ) : (
                    <div className="h-full rounded-xl border border-dashed border-slate-200 bg-slate-50 p-4" aria-disabled="true">
                      {body}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <AiAnalysisComing kind="analyses" />
        </>
      )}
    </SymbolPage>
  );
}
