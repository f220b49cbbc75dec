import { OverviewView } from '../../features/analyses/index.ts';
import { KeyFigures, PriceChart, SymbolPage } from '../../features/market/index.ts';
import { RunAnalysis } from '../analyses/run-analysis.tsx';

export default function Page() {
  return (
    <SymbolPage pageName="Quick Overview" lead="Quick overview: price, key figures and where they come from.">
      {(symbol, profile) => (
        <>
          <RunAnalysis symbol={symbol} kind="overview" profile={profile}>
            {(analysis) => <OverviewView analysis={analysis} />}
          </RunAnalysis>
          {profile.coverage.quote && <PriceChart symbol={symbol} />}
          <KeyFigures symbol={symbol} hasFundamentals={profile.coverage.fundamentals} />
        </>
      )}
    </SymbolPage>
  );
}
