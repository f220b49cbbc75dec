import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { describeDataSource } from '../../../../core/market/source-names.ts';
import { RunAnalysis } from '../analyses/run-analysis.tsx';
import { useEffect } from 'react';
import { preloadTechnicalChart, TechnicalView } from '../../features/analyses/index.ts';
import { formatPercent, formatPrice, type HistoryResponse, type ProfileResponse, PriceChart, SymbolPage, useHistory } from '../../features/market/index.ts';

const periods: Array<[string, number]> = [
  ['1 month', 1],
  ['3 months', 3],
  ['6 months', 6],
  ['1 year', 12],
  ['3 years', 36],
  ['5 years', 60],
];

function monthsBack(iso: string, months: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

/** Price performance over standard periods and the distance from the 52-week high, from the full history. */
function Performance({ history }: { history: HistoryResponse }) {
  const bars = history.bars;
  const last = bars.at(-1)!;
  const yearAgo = monthsBack(last.date, 12);
  const year = bars.filter((b) => b.date >= yearAgo);
  const high = Math.max(...year.map((b) => b.high));
  const low = Math.min(...year.map((b) => b.low));
  const sma = (n: number) => (bars.length >= n ? bars.slice(-n).reduce((s, b) => s + b.close, 0) / n : null);
  const rows = periods.map(([label, m]) => {
    const from = bars.find((b) => b.date >= monthsBack(last.date, m));
    const covered = bars[0]!.date <= monthsBack(last.date, m);
    return { label, change: from && covered ? ((last.close - from.close) / from.close) * 100 : null };
  });
  const daily = history.interval === '1d';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Price performance</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {rows.map((r) => (
            <div key={r.label}>
              <dt className="text-xs text-fg-subtle">{r.label}</dt>
              <dd className={`text-lg font-semibold tabular ${r.change === null ? 'text-fg-subtle' : r.change >= 0 ? 'text-positive' : 'text-negative'}`}>
                {formatPercent(r.change, true)}
              </dd>
            </div>
          ))}
        </dl>
        <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-border-subtle pt-4 sm:grid-cols-4">
          <div>
            <dt className="text-xs text-fg-subtle">52-week high</dt>
            <dd className="font-semibold tabular">{formatPrice(high)}</dd>
          </div>
          <div>
            <dt className="text-xs text-fg-subtle">52-week low</dt>
            <dd className="font-semibold tabular">{formatPrice(low)}</dd>
          </div>
          <div>
            <dt className="text-xs text-fg-subtle">{daily ? '50-day average' : '12-month average'}</dt>
            <dd className="font-semibold tabular">{formatPrice(sma(daily ? 50 : 12))}</dd>
          </div>
          <div>
            <dt className="text-xs text-fg-subtle">{daily ? '200-day average' : '24-month average'}</dt>
            <dd className="font-semibold tabular">{formatPrice(sma(daily ? 200 : 24))}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-fg-subtle">
          From {history.bars.length} {daily ? 'daily' : 'month-end'} closes, {history.bars[0]!.date} to {last.date} ({describeDataSource(history.source)}).
          Price change only, dividends not included{daily ? '' : ' (month-end closes are dividend-adjusted)'}.
        </p>
      </CardContent>
    </Card>
  );
}

function TechnicalBody({ symbol, profile }: { symbol: string; profile: ProfileResponse }) {
  const max = useHistory(symbol, 'max');
  useEffect(preloadTechnicalChart, []);
  return (
    <>
      <RunAnalysis symbol={symbol} kind="technical" profile={profile}>
        {(analysis) => <TechnicalView analysis={analysis} />}
      </RunAnalysis>
      <h2 className="pt-2 text-lg font-semibold text-fg">Price data</h2>
      <PriceChart symbol={symbol} candles />
      {max.data && max.data.bars.length > 0 && <Performance history={max.data} />}
    </>
  );
}

export default function Page() {
  return (
    <SymbolPage pageName="Technical Analysis" lead="Technical analysis: trend, momentum, the rating with every vote, and support and resistance.">
      {(symbol, profile) =>
        profile.coverage.history ? (
          <TechnicalBody symbol={symbol} profile={profile} />
        ) : (
          <p className="text-sm text-fg-muted">There is no price history for {symbol} in the current data, so there is nothing to chart.</p>
        )
      }
    </SymbolPage>
  );
}
