import { OverviewView } from '../../features/analyses/index.ts';
import { KeyFigures, PriceChart, SymbolPage } from '../../features/market/index.ts';
import { RunAnalysis } from '../analyses/run-analysis.tsx';

export default function Page() {
  return (
    <SymbolPage pageName="Quick Overview" lead="Quick overview: price, key figures and where they come from.">
      {(symbol, profile) => (
        <>
          {/* Key figures first: free, and what investors look for before paying for a note (issue 31). */}
          <KeyFigures symbol={symbol} hasFundamentals={profile.coverage.fundamentals} />
          <RunAnalysis symbol={symbol} kind="overview" profile={profile}>
            {(analysis) => <OverviewView analysis={analysis} />}
          </RunAnalysis>
          {profile.coverage.quote && <PriceChart symbol={symbol} />}
        </>
      )}
    </SymbolPage>
  );
}
