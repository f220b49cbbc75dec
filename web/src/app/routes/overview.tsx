import { AiAnalysisComing, KeyFigures, PriceChart, SymbolPage } from '../../features/market/index.ts';

export default function Page() {
  return (
    <SymbolPage pageName="Quick Overview" lead="Quick overview: price, key figures and where they come from.">
      {(symbol, profile) => (
        <>
          {profile.coverage.quote && <PriceChart symbol={symbol} />}
          <KeyFigures symbol={symbol} hasFundamentals={profile.coverage.fundamentals} />
          <AiAnalysisComing kind="quick overview" />
        </>
      )}
    </SymbolPage>
  );
}
