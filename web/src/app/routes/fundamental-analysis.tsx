import { useState } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { type FundamentalSubtype, fundamentalSubtypes } from '../../../../core/analysis/analysis-types.ts';
import type { StatementKind } from '../../../../core/market/types.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { FundamentalView } from '../../features/analyses/index.ts';
import { KeyFigures, type ProfileResponse, StatementsTable, SymbolPage, useFundamentals } from '../../features/market/index.ts';
import { RunAnalysis } from '../analyses/run-analysis.tsx';

const tabNames: Record<FundamentalSubtype, string> = {
  overview: 'Overview',
  profitability: 'Profitability',
  growth: 'Growth',
  valuation: 'Valuation',
  'financial-health': 'Financial health',
  dividends: 'Dividends',
  'cash-flow': 'Cash flow',
};

const statements: Array<[StatementKind, string]> = [
  ['income', 'Income statement'],
  ['balance', 'Balance sheet'],
  ['cash_flow', 'Cash flow'],
];

const isSubtype = (v: string): v is FundamentalSubtype => (fundamentalSubtypes as readonly string[]).includes(v);

/** The company's statements as filed: the raw data behind every tab, whichever analysis is open. */
function Statements({ symbol, initial }: { symbol: string; initial: StatementKind }) {
  const { data, isPending, isError, error } = useFundamentals(symbol);
  const [statement, setStatement] = useState<StatementKind>(initial);
  return (
    <>
      <h2 className="pt-2 text-lg font-semibold text-fg">Statements</h2>
      {/* The three statements are one view's tabs (all three arrive in one answer): automatic activation. */}
      <Tabs
        label="Statement"
        selectedId={statement}
        onSelect={setStatement}
        panelClassName="mt-3"
        items={statements.map(([kind, label]) => ({
          id: kind,
          label,
          panel: isPending ? (
            <Spinner />
          ) : isError ? (
            <Alert tone="info" title="No financial statements">
              {(error as Error).message}
            </Alert>
          ) : (
            <StatementsTable key={kind} data={data} statement={kind} />
          ),
        }))}
      />
      {data && data.notes.length > 0 && <p className="text-xs text-fg-muted">{data.notes.join(' ')}</p>}
    </>
  );
}

function Fundamentals({ symbol, subtype, profile }: { symbol: string; subtype: FundamentalSubtype; profile: ProfileResponse }) {
  const s = encodeURIComponent(symbol);
  return (
    <>
      <nav aria-label="Fundamental analyses" className="flex flex-wrap gap-1">
        {fundamentalSubtypes.map((t) => (
          <NavLink
            key={t}
            to={`/fundamental-analysis/${s}/${t}`}
            className={({ isActive }) =>
              `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-inverse text-on-inverse' : 'text-fg-muted hover:bg-surface-subtle'}`
            }
          >
            {tabNames[t]}
          </NavLink>
        ))}
      </nav>
      <RunAnalysis key={subtype} symbol={symbol} kind="fundamental" subtype={subtype} profile={profile}>
        {(analysis) => <FundamentalView analysis={analysis} />}
      </RunAnalysis>
      {subtype === 'overview' && <KeyFigures symbol={symbol} hasFundamentals />}
      <Statements symbol={symbol} initial={subtype === 'cash-flow' ? 'cash_flow' : subtype === 'financial-health' ? 'balance' : 'income'} />
    </>
  );
}

export default function Page() {
  const { symbol = '', analysisType = 'overview' } = useParams();
  // The statement views of the first release now live elsewhere: keep their links working.
  if (analysisType === 'balance-sheet') return <Navigate to={`/balance-sheet/${encodeURIComponent(symbol)}`} replace />;
  if (!isSubtype(analysisType)) return <Navigate to={`/fundamental-analysis/${encodeURIComponent(symbol)}/overview`} replace />;
  return (
    <SymbolPage
      pageName={`Fundamental Analysis: ${tabNames[analysisType]}`}
      lead="Fundamental analysis in seven views, from the company's statements as filed by the data day."
    >
      {(sym, profile) =>
        profile.coverage.fundamentals ? (
          <Fundamentals symbol={sym} subtype={analysisType} profile={profile} />
        ) : (
          <Alert tone="info" title="No financial statements for this symbol">
            The current data has SEC financial statements for S&amp;P 500 companies only{profile.type === 'etf' ? '; funds do not file them' : ''}.
          </Alert>
        )
      }
    </SymbolPage>
  );
}
