import { createRoute, z } from '@hono/zod-openapi';
import { analysisKinds } from '../../../core/tokens/costs.ts';
import { verdictTypes } from '../../../core/analysis/track-record/verdicts.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const Verdict = z
  .enum(verdictTypes)
  .openapi({ description: 'Which verdict: the technical rating, a grade, the Piotroski F-score, the Altman zone or the DCF upside' });
const Side = z.enum(['bullish', 'bearish', 'neutral']).openapi({ description: 'The side of the call; a neutral call claims no direction and has no hit rate' });
const Expects = z
  .enum(['up', 'down', 'beat', 'lag'])
  .nullable()
  .openapi({ description: '`up`/`down`: the price change is above/below 0; `beat`/`lag`: the change minus SPY’s is above/below 0; null for neutral calls' });
const Percent = (description: string) => z.number().nullable().openapi({ description });

const HorizonStatsSchema = z
  .object({
    months: z.number().int().openapi({ example: 3 }),
    n: z.number().int().openapi({ description: 'Calls whose horizon has matured (the sample size)' }),
    hits: z.number().int().nullable().openapi({ description: 'Of those, how many held; null for neutral calls' }),
    hit_rate_percent: Percent('hits / n, percent'),
    ci_low_percent: Percent('95 % Wilson interval, lower bound, percent'),
    ci_high_percent: Percent('95 % Wilson interval, upper bound, percent'),
    mean_excess_percent: Percent('Mean of (price change − SPY change over the same days), percentage points'),
  })
  .openapi('TrackRecordHorizon');

const SourceStatsSchema = z
  .object({
    runs: z.number().int().openapi({ description: 'Every run in the group, matured or not' }),
    horizons: z.array(HorizonStatsSchema),
  })
  .openapi('TrackRecordSource');

const GroupSchema = z
  .object({
    kind: z.enum(analysisKinds),
    verdict: Verdict,
    verdict_label: z.string().openapi({ example: 'Technical rating' }),
    side: Side,
    call_label: z.string().openapi({ example: 'Buy or Strong Buy: the price should rise' }),
    expects: Expects,
    backtest: SourceStatsSchema,
    live: SourceStatsSchema,
  })
  .openapi('TrackRecordGroup');

const BacktestProgressSchema = z
  .object({
    status: z.enum(['not_started', 'running', 'done']),
    months_done: z.number().int(),
    months_total: z.number().int(),
    runs: z.number().int().openapi({ description: 'Runs the finished months produced' }),
    first_month: z.string().nullable().openapi({ example: '2021-07' }),
    last_month: z.string().nullable().openapi({ example: '2026-06' }),
  })
  .openapi('TrackRecordBacktest');

const TrackRecordSchema = z
  .object({
    data_day: z.string().nullable().openapi({ description: 'The last SPY bar: runs are scored on prices up to this day', example: '2026-07-01' }),
    horizons_months: z.array(z.number().int()).openapi({ example: [1, 3, 6, 12] }),
    backtest: BacktestProgressSchema,
    rules: z.array(
      z.object({
        verdict: Verdict,
        label: z.string(),
        bullish: z.string(),
        bearish: z.string(),
        neutral: z.string(),
      }),
    ),
    groups: z.array(GroupSchema),
  })
  .openapi('TrackRecord');

const HorizonOutcomeSchema = z
  .object({
    months: z.number().int(),
    matures_on: z.string().openapi({ description: 'The horizon ends on this day; it is judged once a later bar exists', example: '2026-08-02' }),
    status: z.enum(['pending', 'matured', 'no_price']),
    change_percent: Percent('Price change from the data day’s close to the last close on or before matures_on'),
    spy_change_percent: Percent('SPY over the same days'),
    excess_percent: Percent('change − SPY change, percentage points'),
  })
  .openapi('AnalysisHorizonOutcome');

const VerdictOutcomeSchema = z
  .object({
    verdict: Verdict,
    label: z.string(),
    value: z.union([z.string(), z.number()]).openapi({ description: 'As the analysis stated it: a label, an F-score or an upside in percent' }),
    side: Side,
    rule: z.string().openapi({ description: 'What this call claims, in words' }),
    results: z.array(z.object({ months: z.number().int(), result: z.enum(['held', 'failed', 'pending', 'no_call', 'no_price']) })),
  })
  .openapi('AnalysisVerdictOutcome');

const AnalysisTrackRecordSchema = z
  .object({
    analysis_id: z.string().uuid(),
    symbol: z.string(),
    kind: z.enum(analysisKinds),
    as_of: z.string().openapi({ description: 'The analysis’s data day' }),
    base_date: z.string().nullable().openapi({ description: 'The close measured from: the last bar on or before the data day (null without one)' }),
    base_close: z.number().nullable(),
    latest_date: z.string().nullable(),
    change_percent: Percent('Price change since the run, to the latest bar'),
    spy_change_percent: Percent('SPY over the same days'),
    excess_percent: Percent('change − SPY change, percentage points'),
    horizons: z.array(HorizonOutcomeSchema),
    verdicts: z.array(VerdictOutcomeSchema),
  })
  .openapi('AnalysisTrackRecord');

export const getTrackRecordRoute = createRoute({
  operationId: 'getTrackRecord',
  security: anyone,
  method: 'get',
  path: '/api/track-record',
  tags: ['track-record'],
  summary: 'How past verdicts turned out: hit rates at 1, 3, 6 and 12 months with n and a 95 % interval, backtest and users’ runs apart',
  responses: { 200: jsonContent(TrackRecordSchema, 'The track record') },
});

export const getAnalysisTrackRecordRoute = createRoute({
  operationId: 'getAnalysisTrackRecord',
  security: signedIn,
  method: 'get',
  path: '/api/analyses/{id}/track-record',
  tags: ['track-record'],
  summary: 'How this analysis’s verdicts have held up so far (free); 404 for anyone but its owner',
  request: {
    params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '0b6f3c1e-4a57-4d1c-9a43-6a2f0e5b7c11' }) }),
  },
  responses: { 200: jsonContent(AnalysisTrackRecordSchema, 'The outcome so far'), ...errorResponses(401, 404) },
});

// What the web imports (type-only).
export type TrackRecordResponse = z.infer<typeof TrackRecordSchema>;
export type TrackRecordGroupResponse = z.infer<typeof GroupSchema>;
export type AnalysisTrackRecordResponse = z.infer<typeof AnalysisTrackRecordSchema>;
