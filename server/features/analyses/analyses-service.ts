import { createHash, randomUUID } from 'node:crypto';
import type { DcfStudioInputs } from '../../../core/analysis/dcf/studio.ts';
import type {
  AnalysisBody,
  AnalysisInputName,
  AnalysisInputs,
  AnalysisKind,
  BuildAnalysis,
  FundamentalSubtype,
  Unavailable,
} from '../../../core/analysis/analysis-types.ts';
import { analysisBuilders, analysisRequirements, checkAvailability } from '../../../core/analysis/runs/index.ts';
import type { Coverage, Profile } from '../../../core/market/types.ts';
import type { Database } from '../../adapters/db/index.ts';
import { canonicalDcfInputs, requireValidDcfInputs } from '../../http/dcf-inputs.ts';
import type { LlmClient } from '../../adapters/llm/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createLogger, type Logger } from '../../lib/logger.ts';
import { UUID_RE } from '../../lib/uuid.ts';
import type { MarketService } from '../market/index.ts';
import { DEFAULT_CHARGE_TIMEOUT_MS, type LedgerService } from '../tokens/index.ts';
import { findDataDay, loadAnalysisInputs, loadPriceHistory } from './analysis-inputs.ts';
import { computeNoteDeadline, writeNoteWithLlm } from './llm-note-writer.ts';
import {
  type AnalysisFilter,
  findRunByKey,
  findServedAnalysis,
  findServedAnalysisById,
  insertAnalysis,
  listServedAnalyses,
  type StoredAnalysis,
} from './analyses-store.ts';

/** What runs an analysis kind: H8's builders, requirements and availability (tests swap a builder for a failing one). */
export interface AnalysisRuns {
  builders: Record<AnalysisKind, BuildAnalysis>;
  requirements: Record<AnalysisKind, readonly AnalysisInputName[]>;
  checkAvailability(kind: AnalysisKind, on: { profile: Profile; coverage: Coverage }): Unavailable | null;
}

export const defaultAnalysisRuns: AnalysisRuns = { builders: analysisBuilders, requirements: analysisRequirements, checkAvailability };

interface RunRequest {
  symbol: string;
  kind: AnalysisKind;
  subtype?: FundamentalSubtype | null;
  /** Kind `dcf` only: the studio's assumptions. */
  dcf_inputs?: DcfStudioInputs;
}

/** The steps a run reports while it works (the stream's `progress` events). */
export const runSteps = ['load', 'compute', 'save'] as const;
type RunStep = (typeof runSteps)[number];

const computeLabels: Record<AnalysisKind, string> = {
  overview: 'Computing ratios and grades, writing the note',
  fundamental: 'Computing ratios and scores, writing the note',
  technical: 'Computing indicators, writing the note',
  'balance-sheet': 'Computing liquidity, leverage and Altman Z, writing the note',
  etf: 'Computing concentration and costs, writing the note',
  dcf: 'Discounting cash flows, writing the note',
};

export function labelRunStep(step: RunStep, kind: AnalysisKind): string {
  if (step === 'load') return 'Loading prices and filings';
  if (step === 'compute') return computeLabels[kind];
  return 'Saving';
}

interface RunOptions {
  /** Aborting (the client went away) fails the run: its hold is released, nothing charged. */
  signal?: AbortSignal;
  onProgress?: (step: RunStep) => void;
  timeoutMs?: number;
}

/** Everything checked before the charge: the canonical request, its key and fingerprint. */
export interface PreparedRun {
  userId: string;
  symbol: string;
  kind: AnalysisKind;
  subtype: FundamentalSubtype | null;
  dcfInputs: DcfStudioInputs | null;
  idempotencyKey: string;
  fingerprint: string;
  profile: Profile;
  /** The valuation's inputs and body when `prepareRun` already built them to refuse before the hold: not built twice. */
  prechecked?: { inputs: AnalysisInputs; body: AnalysisBody };
}

export interface RunOutcome {
  analysis: StoredAnalysis;
  /** The stored analysis of an earlier request with the same key and body: not charged again. */
  replayed: boolean;
}

/** The key's run is in flight or served: the insert refused to take it over. */
class KeyTakenError extends Error {}

// Studio inputs join the hash only when sent, so fingerprints of plain runs stay what they were.
const fingerprintOf = (r: { symbol: string; kind: AnalysisKind; subtype: FundamentalSubtype | null; dcfInputs: DcfStudioInputs | null }) =>
  createHash('sha256')
    .update(JSON.stringify(r.dcfInputs ? [r.symbol, r.kind, r.subtype, r.dcfInputs] : [r.symbol, r.kind, r.subtype]))
    .digest('hex');

function throwIfAborted(...signals: Array<AbortSignal | undefined>): void {
  if (signals.some((s) => s?.aborted)) throw new AppError('TIMEOUT', 'The analysis was stopped before it finished. Nothing was charged.');
}

// The builders are synchronous: yielding lets a progress event go out and a disconnect be noticed.
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface AnalysesServiceDeps {
  db: Database;
  market: MarketService;
  ledger: LedgerService;
  now: () => Date;
  runs?: AnalysisRuns;
  /** The language model that writes the note; null or absent: the rule-based note. */
  llm?: LlmClient | null;
  logger?: Logger;
  /** AI_TIMEOUT_MS: one model call's limit. */
  aiTimeoutMs?: number;
}

/*
 * Runs, stores and serves analyses. A run is checked (symbol, availability, idempotency key) before any
 * charge, then charged through `ledger.chargeFor`: the work loads the inputs, builds and inserts the row
 * while the hold is pending; the capture then makes the row served (see analyses-store.ts).
 */

/** What every analyses function needs, passed first: storage, market data, the ledger, the clock, the builders. */
interface AnalysesContext {
  db: Database;
  market: MarketService;
  ledger: LedgerService;
  now: () => Date;
  runs: AnalysisRuns;
  llm: LlmClient | null;
  logger: Logger;
  aiTimeoutMs: number;
}

/** The served analysis under `key` when it matches this fingerprint; the refusals when it does not. */
async function resolveKeyedRun(ctx: AnalysesContext, userId: string, key: string, fingerprint: string): Promise<StoredAnalysis | null> {
  const earlier = await findRunByKey(ctx.db, userId, key);
  if (!earlier) return null;
  if (earlier.fingerprint !== fingerprint) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another analysis; send a new key for a new request.', {
      field: 'Idempotency-Key',
    });
  }
  if (earlier.holdStatus === 'captured') return findServedAnalysis(ctx.db, userId, earlier.id);
  if (earlier.holdStatus === 'pending') {
    throw new AppError('CONFLICT', 'This analysis is still running under the same Idempotency-Key; open it from your history when it is done.', {
      field: 'Idempotency-Key',
    });
  }
  return null;
}

export async function prepareRun(ctx: AnalysesContext, userId: string, body: RunRequest, idempotencyKey?: string): Promise<PreparedRun | RunOutcome> {
  if (body.kind !== 'fundamental' && body.subtype) {
    throw new AppError('VALIDATION_FAILED', 'Only fundamental analyses have a subtype.', { field: 'subtype' });
  }
  if (body.kind !== 'dcf' && body.dcf_inputs) {
    throw new AppError('VALIDATION_FAILED', 'Only DCF analyses take dcf_inputs.', { field: 'dcf_inputs' });
  }
  const dcfInputs = body.dcf_inputs ? canonicalDcfInputs(requireValidDcfInputs(body.dcf_inputs, 'dcf_inputs')) : null;
  const subtype = body.kind === 'fundamental' ? (body.subtype ?? 'overview') : null;
  // A delisted symbol is refused here with UNKNOWN and INVALID ones: before the idempotency lookup, the hold, any charge.
  const symbol = await ctx.market.resolveListedSymbol(body.symbol);
  const fingerprint = fingerprintOf({ symbol, kind: body.kind, subtype, dcfInputs });
  if (idempotencyKey) {
    const stored = await resolveKeyedRun(ctx, userId, idempotencyKey, fingerprint);
    if (stored) return { analysis: stored, replayed: true };
  }
  const [profile, coverage] = await Promise.all([ctx.market.getProfile(symbol), ctx.market.coverage(symbol)]);
  const unavailable = ctx.runs.checkAvailability(body.kind, { profile, coverage });
  if (unavailable) throw new AppError('UNPROCESSABLE', unavailable.reason, { field: 'kind', details: { input: unavailable.input } });
  // A valuation that no model can produce (no positive normalised cash flow, no dividends, no book value…)
  // is refused here, before the hold, with the model's reason: a few milliseconds of work, never a charge.
  let prechecked: PreparedRun['prechecked'];
  if (body.kind === 'dcf' && !dcfInputs) {
    const history = await loadPriceHistory(ctx.market, symbol);
    const inputs = await loadAnalysisInputs(ctx.market, { symbol, profile, history, names: ctx.runs.requirements.dcf });
    const built = ctx.runs.builders.dcf(inputs, null);
    if (!built.ok) throw new AppError('UNPROCESSABLE', built.error.message, { field: 'kind', details: { input: built.error.input } });
    prechecked = { inputs, body: built.value };
  }
  // Without a key every request is its own run: the generated key never matches another request.
  const key = idempotencyKey ?? `auto:${randomUUID()}`;
  return { userId, symbol, kind: body.kind, subtype, dcfInputs, idempotencyKey: key, fingerprint, profile, prechecked };
}

export async function executeRun(ctx: AnalysesContext, run: PreparedRun, opts: RunOptions = {}): Promise<RunOutcome> {
  const { userId, symbol, kind, subtype } = run;
  const id = randomUUID();
  const report = (step: RunStep) => opts.onProgress?.(step);
  try {
    // Each attempt holds under its own ledger key: a retry after a failed attempt is a new hold.
    const charged = await ctx.ledger.chargeFor(
      userId,
      kind,
      `analysis:${id}`,
      async ({ signal, hold }) => {
        const workStartedAt = performance.now();
        report('load');
        const inputs =
          run.prechecked?.inputs ??
          (await loadAnalysisInputs(ctx.market, {
            symbol,
            profile: run.profile,
            history: await loadPriceHistory(ctx.market, symbol),
            names: ctx.runs.requirements[kind],
          }));
        throwIfAborted(signal, opts.signal);
        report('compute');
        await yieldToEventLoop();
        const built = run.prechecked
          ? ({ ok: true, value: run.prechecked.body } as const)
          : ctx.runs.builders[kind](inputs, subtype, { dcfInputs: run.dcfInputs });
        if (!built.ok) throw new AppError('UNPROCESSABLE', built.error.message, { details: { input: built.error.input } });
        throwIfAborted(signal, opts.signal);
        const { facts, sections, attribution } = built.value;
        // the model's time counts inside the charge's limit: it must end early enough to fall back and save
        const note = ctx.llm
          ? await writeNoteWithLlm(
              ctx.llm,
              ctx.logger,
              { kind, subtype, symbol, name: run.profile.name, facts, guide: built.value.note },
              {
                deadline: computeNoteDeadline(workStartedAt, opts.timeoutMs ?? DEFAULT_CHARGE_TIMEOUT_MS),
                callTimeoutMs: ctx.aiTimeoutMs,
                signal: opts.signal ? AbortSignal.any([signal, opts.signal]) : signal,
              },
            )
          : built.value.note;
        throwIfAborted(signal, opts.signal);
        report('save');
        const stored: StoredAnalysis = {
          id,
          userId,
          symbol,
          kind,
          subtype,
          asOf: inputs.asOf,
          idempotencyKey: run.idempotencyKey,
          fingerprint: run.fingerprint,
          costMt: hold.costMt,
          holdId: hold.id,
          createdAt: ctx.now().toISOString(),
          body: { facts, note, sections, attribution },
        };
        if (!(await insertAnalysis(ctx.db, stored))) throw new KeyTakenError();
        // Stopped after the insert: the release leaves the row unserved.
        throwIfAborted(signal, opts.signal);
        return stored;
      },
      { timeoutMs: opts.timeoutMs, meta: { kind, symbol, subtype, analysis_id: id } },
    );
    return { analysis: charged.result, replayed: false };
  } catch (e) {
    if (!(e instanceof KeyTakenError)) throw e;
    const stored = await resolveKeyedRun(ctx, userId, run.idempotencyKey, run.fingerprint);
    if (stored) return { analysis: stored, replayed: true };
    throw new AppError('CONFLICT', 'Another request with this Idempotency-Key is being answered; try again.', { field: 'Idempotency-Key' });
  }
}

/** History filters as the API takes them: a symbol in any accepted spelling, `as_of=current` for the data day. */
type ListQuery = Omit<AnalysisFilter, 'symbol' | 'asOf'> & { symbol?: string; asOf?: string };

export async function listAnalyses(ctx: AnalysesContext, userId: string, query: ListQuery) {
  const symbol = query.symbol === undefined ? undefined : await ctx.market.resolveSymbol(query.symbol);
  if (query.asOf === 'current' && !symbol) throw new AppError('VALIDATION_FAILED', 'as_of=current needs a symbol.', { field: 'as_of' });
  const dataDay = symbol ? findDataDay(ctx.market, await loadPriceHistory(ctx.market, symbol)) : null;
  const asOf = query.asOf === 'current' ? (dataDay ?? undefined) : query.asOf;
  const rows = await listServedAnalyses(ctx.db, userId, { ...query, symbol, asOf, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { analyses: page, nextBefore: rows.length > query.limit && last ? { createdAt: last.createdAt, id: last.id } : null, dataDay };
}

/** What another feature reads of an analysis kind without running it: the builder's body and whether the user owns a run of it. */
export interface AnalysisRead {
  symbol: string;
  /** The data day the body was built for. */
  asOf: string;
  body: AnalysisBody;
  /** The user's served run of this kind (and subtype) on this symbol for this data day, if any: the same-day run they own. */
  owned: StoredAnalysis | null;
}

/**
 * An analysis built exactly as a run builds it (same availability check, same inputs, same builder) but not charged
 * or stored, with the user's own run of it for that data day when they have one (the copilot's summary of a kind is
 * free to read when they do). The same refusals as a run: UNKNOWN_SYMBOL, UNPROCESSABLE.
 */
export async function readAnalysis(
  ctx: AnalysesContext,
  userId: string,
  req: { symbol: string; kind: AnalysisKind; subtype: FundamentalSubtype | null },
): Promise<AnalysisRead> {
  const symbol = await ctx.market.resolveListedSymbol(req.symbol);
  const subtype = req.kind === 'fundamental' ? (req.subtype ?? 'overview') : null;
  const [profile, coverage] = await Promise.all([ctx.market.getProfile(symbol), ctx.market.coverage(symbol)]);
  const unavailable = ctx.runs.checkAvailability(req.kind, { profile, coverage });
  if (unavailable) throw new AppError('UNPROCESSABLE', unavailable.reason, { field: 'kind', details: { input: unavailable.input } });
  const history = await loadPriceHistory(ctx.market, symbol);
  const inputs = await loadAnalysisInputs(ctx.market, { symbol, profile, history, names: ctx.runs.requirements[req.kind] });
  const built = ctx.runs.builders[req.kind](inputs, subtype);
  if (!built.ok) throw new AppError('UNPROCESSABLE', built.error.message, { field: 'kind', details: { input: built.error.input } });
  // Owned as the history's `as_of=current` reads it: a served run of this kind on this symbol for the data day.
  const [owned] = await listServedAnalyses(ctx.db, userId, { symbol, kind: req.kind, subtype: subtype ?? undefined, asOf: inputs.asOf, limit: 1 });
  return { symbol, asOf: inputs.asOf, body: built.value, owned: owned ?? null };
}

export async function getAnalysisOrThrow(ctx: AnalysesContext, userId: string, id: string): Promise<StoredAnalysis> {
  const found = UUID_RE.test(id) ? await findServedAnalysis(ctx.db, userId, id) : null;
  if (!found) throw new AppError('NOT_FOUND', 'No such analysis.');
  return found;
}

/** The service bound to one context, for handlers, jobs and tests. */
export function createAnalysesService(deps: AnalysesServiceDeps) {
  const ctx: AnalysesContext = {
    ...deps,
    runs: deps.runs ?? defaultAnalysisRuns,
    llm: deps.llm ?? null,
    logger: deps.logger ?? createLogger('silent'),
    aiTimeoutMs: deps.aiTimeoutMs ?? 20_000,
  };
  return {
    prepareRun: (userId: string, body: RunRequest, idempotencyKey?: string) => prepareRun(ctx, userId, body, idempotencyKey),
    executeRun: (run: PreparedRun, opts?: RunOptions) => executeRun(ctx, run, opts),
    /** Checks, charges and runs in one call (no progress): the stored analysis of an earlier request with the same key and body is answered without a charge. */
    runAnalysis: async (userId: string, body: RunRequest, idempotencyKey?: string): Promise<RunOutcome> => {
      const prepared = await prepareRun(ctx, userId, body, idempotencyKey);
      return 'analysis' in prepared ? prepared : executeRun(ctx, prepared);
    },
    listAnalyses: (userId: string, query: ListQuery) => listAnalyses(ctx, userId, query),
    getAnalysisOrThrow: (userId: string, id: string) => getAnalysisOrThrow(ctx, userId, id),
    readAnalysis: (userId: string, req: { symbol: string; kind: AnalysisKind; subtype: FundamentalSubtype | null }) => readAnalysis(ctx, userId, req),
    /** The analysis a live share link points at (the share feature checked the token and its owner). */
    findSharedAnalysis: (id: string) => findServedAnalysisById(ctx.db, id),
  };
}

export type AnalysesService = ReturnType<typeof createAnalysesService>;
