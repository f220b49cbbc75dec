import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BalanceSheetView } from '../../features/analyses/index.ts';
import { type ProfileResponse, StatementsTable, SymbolPage, useFundamentals } from '../../features/market/index.ts';
import { RunAnalysis } from '../analyses/run-analysis.tsx';

function BalanceSheet({ symbol, profile }: { symbol: string; profile: ProfileResponse }) {
  const { data, isPending, isError, error } = useFundamentals(symbol);
  return (
    <>
      <RunAnalysis symbol={symbol} kind="balance-sheet" profile={profile}>
        {(analysis) => <BalanceSheetView analysis={analysis} />}
      </RunAnalysis>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Alert tone="info" title="No financial statements">
          {(error as Error).message}
        </Alert>
      ) : (
        <StatementsTable data={data} statement="balance" />
      )}
    </>
  );
}

export default function Page() {
  return (
    <SymbolPage pageName="Balance Sheet Analysis" lead="Balance sheet analysis: liquidity, leverage and the Altman Z-score with its five inputs.">
      {(symbol, profile) =>
        profile.coverage.fundamentals ? (
          <BalanceSheet symbol={symbol} profile={profile} />
        ) : (
          <Alert tone="info" title="No financial statements for this symbol">
            The current data has SEC financial statements for S&amp;P 500 companies only{profile.type === 'etf' ? '; funds do not file them' : ''}.
          </Alert>
        )
      }
    </SymbolPage>
  );
}
