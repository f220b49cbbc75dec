import { NavLink, useParams } from 'react-router';
import type { StatementKind } from '../../../../core/market/types.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AiAnalysisComing, KeyFigures, StatementsTable, SymbolPage, useFundamentals } from '../../features/market/index.ts';

const views: Array<[string, string, StatementKind]> = [
  ['overview', 'Overview', 'income'],
  ['income-statement', 'Income statement', 'income'],
  ['balance-sheet', 'Balance sheet', 'balance'],
  ['cash-flow', 'Cash flow', 'cash_flow'],
];

function Fundamentals({ symbol, view }: { symbol: string; view: string }) {
  const { data, isPending, isError, error } = useFundamentals(symbol);
  const current = views.find(([v]) => v === view) ?? views[0]!;
  const s = encodeURIComponent(symbol);
  return (
    <>
      <nav aria-label="Fundamental views" className="flex flex-wrap gap-1">
        {views.map(([v, label]) => (
          <NavLink
            key={v}
            to={`/fundamental-analysis/${s}/${v}`}
            className={({ isActive }) => `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-ink text-white' : 'text-slate-600 hover:bg-slate-100'}`}
          >
            {label}
          </NavLink>
        ))}
      </nav>
      {current[0] === 'overview' && <KeyFigures symbol={symbol} hasFundamentals />}
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Alert tone="info" title="No financial statements">
          {(error as Error).message}
        </Alert>
      ) : (
        <StatementsTable key={current[2]} data={data} statement={current[2]} />
      )}
      {data && data.notes.length > 0 && <p className="text-xs text-slate-500">{data.notes.join(' ')}</p>}
      <AiAnalysisComing kind={current[0] === 'balance-sheet' ? 'balance sheet analysis' : 'fundamental analysis'} />
    </>
  );
}

export default function Page() {
  const { analysisType = 'overview' } = useParams();
  return (
    <SymbolPage pageName="Fundamental Analysis" lead="Fundamental analysis: profitability, growth and financial health from the company's statements.">
      {(symbol, profile) =>
        profile.coverage.fundamentals ? (
          <Fundamentals symbol={symbol} view={analysisType} />
        ) : (
          <Alert tone="info" title="No financial statements for this symbol">
            The current data has SEC financial statements for S&amp;P 500 companies only{profile.type === 'etf' ? '; funds do not file them' : ''}.
          </Alert>
        )
      }
    </SymbolPage>
  );
}
