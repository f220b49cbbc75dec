import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { Link } from 'react-router';
import type { AnalysisTrackRecordResponse } from '../../../../../server/features/track-record/track-record.routes.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useDataFreshness } from '../../../lib/data-freshness.ts';
import { useAnalysisTrackRecord } from '../api/get-analysis-track-record.ts';
import type { AnalysisResponse } from '../api/run-analysis.ts';

type Horizon = AnalysisTrackRecordResponse['horizons'][number];
type Verdict = AnalysisTrackRecordResponse['verdicts'][number];
type Result = AnalysisTrackRecordResponse['verdicts'][number]['results'][number]['result'];

const signed = (v: number | null, unit: string) => (v === null ? '—' : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v).toFixed(2)} ${unit}`);

const RESULT_BADGES: Record<Exclude<Result, 'pending'>, { tone: 'brand' | 'danger' | 'neutral'; label: string }> = {
  held: { tone: 'brand', label: 'Held' },
  failed: { tone: 'danger', label: 'Failed' },
  no_call: { tone: 'neutral', label: 'No call' },
  no_price: { tone: 'neutral', label: 'No price' },
};

/**
 * A horizon is judged once a bar after its end exists. When its end has passed on the exchange's calendar and
 * no such bar has come, it waits for data, not for time: say so, with the last day the prices reach.
 */
function ResultCell({ result, horizon, latestDate }: { result: Result; horizon: Horizon | undefined; latestDate: string | null }) {
  const lastTradingDay = useDataFreshness().data?.last_trading_day;
  if (result === 'pending' && horizon && lastTradingDay && horizon.matures_on < lastTradingDay)
    return <span className="text-fg-muted">Waiting for prices after {formatDay(latestDate)}</span>;
  if (result === 'pending') return <span className="text-fg-muted">Pending until {horizon ? formatDay(horizon.matures_on) : '—'}</span>;
  const b = RESULT_BADGES[result];
  return <Badge tone={b.tone}>{b.label}</Badge>;
}

/** A horizon's header: its length, and its price change against SPY once matured (else the day it ends). */
function HorizonHead({ h }: { h: Horizon }) {
  const label = h.months === 1 ? '1 month' : `${h.months} months`;
  return (
    <>
      <span className="block text-fg">{label}</span>
      <span className="block text-xs font-normal text-fg-muted">
        {h.status === 'matured' ? `${signed(h.change_percent, '%')}, SPY ${signed(h.spy_change_percent, '%')}` : `ends ${formatDay(h.matures_on)}`}
      </span>
    </>
  );
}

function Outcome({ data }: { data: AnalysisTrackRecordResponse }) {
  if (data.base_close === null)
    return <p className="text-sm text-fg-muted">There is no close on or before this analysis’s data day, so it cannot be scored.</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-fg-secondary" data-testid="since-run">
        Since the run ({formatDay(data.base_date)}, close ${data.base_close.toFixed(2)}):{' '}
        <strong className="tabular-nums text-fg">{signed(data.change_percent, '%')}</strong> to {formatDay(data.latest_date)}; SPY{' '}
        {signed(data.spy_change_percent, '%')} over the same days ({signed(data.excess_percent, 'pp')} vs SPY).
      </p>
      {data.verdicts.length === 0 ? (
        <p className="text-sm text-fg-muted">This analysis states no rating, grade or DCF call, so there is nothing to hold or fail.</p>
      ) : (
        <DataTable
          columns={[
            {
              id: 'verdict',
              header: 'Verdict',
              rowHeader: true,
              cell: (v: Verdict) => (
                <>
                  <span className="font-medium text-fg">
                    {v.label}: {typeof v.value === 'number' ? (v.verdict === 'dcf_upside' ? signed(v.value, '%') : v.value) : v.value}
                  </span>
                  <span className="block text-xs text-fg-muted">{v.rule}</span>
                </>
              ),
            },
            ...data.horizons.map(
              (h): DataTableColumn<Verdict> => ({
                id: String(h.months),
                header: <HorizonHead h={h} />,
                headerClassName: 'px-3 align-bottom',
                cellClassName: 'px-3',
                cell: (v) => {
                  const r = v.results.find((x) => x.months === h.months);
                  return r ? <ResultCell result={r.result} horizon={h} latestDate={data.latest_date} /> : null;
                },
              }),
            ),
          ]}
          rows={data.verdicts}
          rowKey={(v) => v.verdict}
          caption="Whether each verdict held at each horizon"
          scrollLabel="Each verdict at each horizon"
          tableClassName="min-w-[40rem] tabular-nums"
          headClassName="text-fg-muted"
          bodyClassName="divide-y divide-border-subtle"
          cellClassName="py-2 pr-3"
          rowClassName=""
        />
      )}
    </div>
  );
}

/** How this analysis's verdicts have held up since it ran: price change, each horizon held, failed or pending, against SPY. */
export function AnalysisTrackRecord({ analysis }: { analysis: AnalysisResponse }) {
  const record = useAnalysisTrackRecord(analysis.id);
  return (
    <Card data-testid="analysis-track-record">
      <CardHeader>
        <CardTitle>Track record</CardTitle>
        <CardDescription>
          How this analysis’s calls have held up since its data day, judged after 1, 3, 6 and 12 months. Every run counts towards the public{' '}
          <Link to="/track-record" className="font-medium text-brand-fg underline">
            track record
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        {record.isPending ? (
          <p role="status" className="text-sm text-fg-muted">
            Loading how it has done…
          </p>
        ) : record.isError ? (
          <Alert tone="error">Could not load the track record. {(record.error as Error).message}</Alert>
        ) : (
          <Outcome data={record.data} />
        )}
      </CardContent>
    </Card>
  );
}
