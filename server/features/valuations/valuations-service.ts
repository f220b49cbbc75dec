import { randomUUID } from 'node:crypto';
import { DCF_EXAMPLE_SYMBOL, type DcfStudioInputs, runDcfStudio } from '../../../core/analysis/dcf/studio.ts';
import { buildDcf } from '../../../core/analysis/runs/dcf.ts';
import { buildDcfStudioSetup, type DcfStudioSetup } from '../../../core/analysis/runs/dcf-studio.ts';
import { analysisRequirements, checkAvailability } from '../../../core/analysis/runs/index.ts';
import type { ValuationModel } from '../../../core/analysis/valuation/value-company.ts';
import type { Database } from '../../adapters/db/index.ts';
import { canonicalDcfInputs, requireValidDcfInputs } from '../../http/dcf-inputs.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import { UUID_RE } from '../../lib/uuid.ts';
import type { AnalysesService } from '../analyses/index.ts';
import { findDataDay, loadAnalysisInputs, loadPriceHistory } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import { MAX_VALUATIONS_PER_USER } from './valuations.routes.ts';
import { deleteValuation, findValuation, insertValuation, listValuations, type StoredValuation } from './valuations-store.ts';

/*
 * The DCF studio's server side: a company's starting inputs (free, public for the page's example) and
 * saved valuations (free, owner-scoped). A save recomputes the value with core's `runDcfStudio`, the
 * function the browser runs, on the same setup the browser was given.
 */

interface ValuationsContext {
  db: Database;
  market: MarketService;
  analyses: Pick<AnalysesService, 'getAnalysisOrThrow'>;
  now: () => Date;
  /** Setups by `symbol|data day`: they change only with the data, and the public page asks for the same one on every visit. */
  setups: Map<string, DcfSetupWithName>;
  /** Availability answers by `symbol|data day`, for the same reason. */
  availability: Map<string, ValuationAvailability>;
}

/** Companies kept in `setups`; the oldest entry goes first. */
const MAX_CACHED_SETUPS = 200;

export type DcfSetupWithName = DcfStudioSetup & { name: string };

/**
 * A company's studio setup on its data day. Unknown symbols are 404 UNKNOWN_SYMBOL (from the market
 * service); an ETF, a company without statements or one no DCF can value (no or negative FCF) is 422
 * with the reason, naming `symbol`.
 */
async function loadDcfSetup(ctx: ValuationsContext, rawSymbol: string, signedIn: boolean): Promise<DcfSetupWithName> {
  const symbol = await ctx.market.resolveSymbol(rawSymbol);
  if (!signedIn && symbol !== DCF_EXAMPLE_SYMBOL)
    throw new AppError('UNAUTHORIZED', `Sign in to value ${symbol}; the public page's example is ${DCF_EXAMPLE_SYMBOL}.`);
  const [profile, coverage] = await Promise.all([ctx.market.getProfile(symbol), ctx.market.coverage(symbol)]);
  const unavailable = checkAvailability('dcf', { profile, coverage });
  if (unavailable) throw new AppError('UNPROCESSABLE', unavailable.reason, { field: 'symbol', details: { input: unavailable.input } });
  const history = await loadPriceHistory(ctx.market, symbol);
  const key = `${symbol}|${findDataDay(ctx.market, history)}`;
  const cached = ctx.setups.get(key);
  if (cached) return cached;
  const inputs = await loadAnalysisInputs(ctx.market, { symbol, profile, history, names: analysisRequirements.dcf });
  const setup = buildDcfStudioSetup(inputs);
  if (!setup.ok) throw new AppError('UNPROCESSABLE', setup.error.message, { field: 'symbol', details: { input: setup.error.input } });
  const named = { ...setup.value, name: profile.name };
  if (ctx.setups.size >= MAX_CACHED_SETUPS) ctx.setups.delete(ctx.setups.keys().next().value!);
  ctx.setups.set(key, named);
  return named;
}

export interface ValuationAvailability {
  symbol: string;
  asOf: string;
  available: boolean;
  model: ValuationModel | null;
  modelLabel: string | null;
  reason: string | null;
}

/**
 * Whether the DCF analysis can value a company on its data day, as the analysis itself decides (the same
 * builder): the card shows the reason before a run, and `prepareRun` refuses the same way before the hold.
 */
async function checkValuationAvailability(ctx: ValuationsContext, rawSymbol: string): Promise<ValuationAvailability> {
  const symbol = await ctx.market.resolveSymbol(rawSymbol);
  const [profile, coverage] = await Promise.all([ctx.market.getProfile(symbol), ctx.market.coverage(symbol)]);
  const unavailable = checkAvailability('dcf', { profile, coverage });
  if (unavailable) throw new AppError('UNPROCESSABLE', unavailable.reason, { field: 'symbol', details: { input: unavailable.input } });
  const history = await loadPriceHistory(ctx.market, symbol);
  const asOf = findDataDay(ctx.market, history);
  const key = `${symbol}|${asOf}`;
  const cached = ctx.availability.get(key);
  if (cached) return cached;
  const inputs = await loadAnalysisInputs(ctx.market, { symbol, profile, history, names: analysisRequirements.dcf });
  const built = buildDcf(inputs);
  const v = built.ok ? built.value.sections.valuation : null;
  const answer: ValuationAvailability = built.ok
    ? { symbol, asOf, available: true, model: v?.model ?? null, modelLabel: v?.model_label ?? null, reason: null }
    : { symbol, asOf, available: false, model: null, modelLabel: null, reason: built.error.message };
  if (ctx.availability.size >= MAX_CACHED_SETUPS * 5) ctx.availability.delete(ctx.availability.keys().next().value!);
  ctx.availability.set(key, answer);
  return answer;
}

interface CreateValuationRequest {
  symbol: string;
  inputs: DcfStudioInputs;
  label?: string | null;
  analysis_id?: string | null;
}

/** Checks everything, recomputes on the server and stores; a bad field is 400 naming it, and nothing is stored. */
async function createValuation(ctx: ValuationsContext, userId: string, body: CreateValuationRequest): Promise<StoredValuation> {
  const inputs = canonicalDcfInputs(requireValidDcfInputs(body.inputs, 'inputs'));
  const setup = await loadDcfSetup(ctx, body.symbol, true);
  let analysisId: string | null = null;
  if (body.analysis_id) {
    const analysis = await ctx.analyses.getAnalysisOrThrow(userId, body.analysis_id).catch((e: unknown) => {
      if (isAppError(e) && e.code === 'NOT_FOUND') return null;
      throw e;
    });
    if (analysis?.kind !== 'dcf' || analysis.symbol !== setup.symbol)
      throw new AppError('VALIDATION_FAILED', `No DCF analysis of yours on ${setup.symbol} has this id.`, { field: 'analysis_id' });
    analysisId = analysis.id;
  }
  const run = runDcfStudio(setup.company, inputs);
  if (!run.ok) throw new AppError('UNPROCESSABLE', run.error.message, { field: `inputs.${run.error.input}` });
  const { valuation: v, reverse, wacc } = run.value;
  const stored: StoredValuation = {
    id: randomUUID(),
    userId,
    symbol: setup.symbol,
    label: body.label ?? null,
    inputs,
    result: {
      fair_value_per_share: v.perShareUsd,
      price: setup.priceUsd,
      upside: v.upside ?? v.perShareUsd / setup.priceUsd - 1,
      wacc: wacc.wacc,
      terminal_value_share: v.terminal.shareOfEnterpriseValue,
      implied_growth: reverse?.status === 'solved' ? reverse.impliedGrowth : null,
      as_of: setup.asOf,
    },
    analysisId,
    createdAt: ctx.now().toISOString(),
  };
  if (!(await insertValuation(ctx.db, stored, MAX_VALUATIONS_PER_USER)))
    throw new AppError('UNPROCESSABLE', `You have ${MAX_VALUATIONS_PER_USER} saved valuations; delete one to save another.`);
  return stored;
}

async function listUserValuations(ctx: ValuationsContext, userId: string, query: { symbol?: string }): Promise<StoredValuation[]> {
  const symbol = query.symbol === undefined ? undefined : await ctx.market.resolveSymbol(query.symbol);
  return listValuations(ctx.db, userId, { symbol, limit: MAX_VALUATIONS_PER_USER });
}

async function getValuationOrThrow(ctx: ValuationsContext, userId: string, id: string): Promise<StoredValuation> {
  const found = UUID_RE.test(id) ? await findValuation(ctx.db, userId, id) : null;
  if (!found) throw new AppError('NOT_FOUND', 'No such valuation.');
  return found;
}

async function deleteValuationOrThrow(ctx: ValuationsContext, userId: string, id: string): Promise<void> {
  if (!(UUID_RE.test(id) && (await deleteValuation(ctx.db, userId, id)))) throw new AppError('NOT_FOUND', 'No such valuation.');
}

/** The DCF studio's setups (cached per data day for the service's life) and a user's saved valuations. */
export function createValuationsService(deps: Omit<ValuationsContext, 'setups' | 'availability'>) {
  const ctx: ValuationsContext = { ...deps, setups: new Map(), availability: new Map() };
  return {
    checkValuationAvailability: (rawSymbol: string) => checkValuationAvailability(ctx, rawSymbol),
    loadDcfSetup: (rawSymbol: string, signedIn: boolean) => loadDcfSetup(ctx, rawSymbol, signedIn),
    createValuation: (userId: string, body: CreateValuationRequest) => createValuation(ctx, userId, body),
    listUserValuations: (userId: string, query: { symbol?: string }) => listUserValuations(ctx, userId, query),
    getValuationOrThrow: (userId: string, id: string) => getValuationOrThrow(ctx, userId, id),
    deleteValuationOrThrow: (userId: string, id: string) => deleteValuationOrThrow(ctx, userId, id),
  };
}
export type ValuationsService = ReturnType<typeof createValuationsService>;
