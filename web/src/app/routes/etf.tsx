import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RunAnalysis } from '../analyses/run-analysis.tsx';
import { EtfOverlapPicker } from '../analyses/etf-overlap-picker.tsx';
import { EtfView } from '../../features/analyses/index.ts';
import { EtfDetails, PriceChart, type ProfileResponse, SymbolPage, useEtfInfo } from '../../features/market/index.ts';

function EtfBody({ symbol, profile }: { symbol: string; profile: ProfileResponse }) {
  const hasEtfData = profile.coverage.etf;
  const hasPrices = profile.coverage.quote;
  const etf = useEtfInfo(symbol, hasEtfData);
  return (
    <>
      <RunAnalysis symbol={symbol} kind="etf" profile={profile}>
        {(analysis) => <EtfView analysis={analysis} />}
      </RunAnalysis>
      {hasPrices && <PriceChart symbol={symbol} />}
      {!hasEtfData ? (
        <Alert tone="info" title="No holdings or cost data for this fund">
          The current data has holdings for SPY, QQQ and IWM and expense ratios for 11 funds. Prices are shown where available.
        </Alert>
      ) : etf.isPending ? (
        <Spinner />
      ) : etf.isError ? (
        <Alert tone="error" title="ETF data could not be loaded">
          {(etf.error as Error).message}
        </Alert>
      ) : (
        <>
          <EtfDetails etf={etf.data} />
          <EtfOverlapPicker etf={etf.data} />
        </>
      )}
    </>
  );
}

export default function Page() {
  return (
    <SymbolPage pageName="ETF Analysis" lead="ETF analysis: holdings, sector weights, concentration, costs and overlap with another fund.">
      {(symbol, profile) =>
        profile.type !== 'etf' ? (
          <Alert tone="info" title={`${symbol} is a stock, not an ETF`}>
            <ButtonLink to={`/overview/${encodeURIComponent(symbol)}`} variant="link">
              Open the quick overview instead
            </ButtonLink>
          </Alert>
        ) : (
          <EtfBody symbol={symbol} profile={profile} />
        )
      }
    </SymbolPage>
  );
}
