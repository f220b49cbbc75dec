import { Alert } from '../../components/ui/alert.tsx';
import { DcfView } from '../../features/analyses/index.ts';
import { KeyFigures, SymbolPage } from '../../features/market/index.ts';
import { RunAnalysis } from '../analyses/run-analysis.tsx';

export default function Page() {
  return (
    <SymbolPage
      pageName="DCF Valuation"
      lead="DCF valuation: fair value per share from projected free cash flow, against the price, with the assumptions and a sensitivity grid."
    >
      {(symbol, profile) =>
        profile.coverage.fundamentals ? (
          <>
            <RunAnalysis symbol={symbol} kind="dcf" profile={profile}>
              {(analysis) => <DcfView analysis={analysis} />}
            </RunAnalysis>
            <KeyFigures symbol={symbol} hasFundamentals />
          </>
        ) : (
          <Alert tone="info" title="No financial statements for this symbol">
            A DCF needs a company's cash flows; the current data has SEC statements for S&amp;P 500 companies only
            {profile.type === 'etf' ? ', and funds do not file them' : ''}.
          </Alert>
        )
      }
    </SymbolPage>
  );
}
