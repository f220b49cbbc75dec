import type { AnalysisBody, AnalysisInputs, AnalysisKind, Fact, FundamentalSubtype } from '../../../../core/analysis/analysis-types.ts';
import { type CompanyFactSet, collectCompanyFacts } from '../../../../core/copilot/company-facts.ts';
import type { CopilotFact, CopilotToolName, CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import type { PriceHistory, Profile } from '../../../../core/market/types.ts';
import { isAppError } from '../../../lib/errors.ts';
import type { AnalysisRuns, StoredAnalysis } from '../../analyses/index.ts';
import type { MarketService } from '../../market/index.ts';
import type { ScreenerService } from '../../screener/index.ts';
import type { ScreenerTable } from '../../../../core/screener/table.ts';

/** What the tools read: the market service, the analyses feature's input loading and builders, the caller's history. */
export interface CopilotToolDeps {
  market: MarketService;
  runs: AnalysisRuns;
  loadPriceHistory(market: MarketService, symbol: string): Promise<PriceHistory | null>;
  loadAnalysisInputs(
    market: MarketService,
    req: { symbol: string; profile: Profile; history: PriceHistory | null; names: AnalysisRuns['requirements'][AnalysisKind] },
  ): Promise<AnalysisInputs>;
  /** The user's own served analyses, newest first (the analyses service's list, owner-scoped). */
  listAnalyses(userId: string, query: { limit: number; symbol?: string; kind?: AnalysisKind }): Promise<{ analyses: StoredAnalysis[] }>;
  /** The screener's query service; absent where the app has no screener. */
  screen?: ScreenerService['queryScreener'];
  /** The screener's table in use, for a field's spread over the universe; absent where the app has no screener. */
  screenerTable?: () => Promise<ScreenerTable>;
}

/**
 * One question's tool calls: the caller (bound by the server, never a tool input) and what was built
 * for it, so a compare and the calls around it build each analysis once.
 */
export interface ToolSession {
  deps: CopilotToolDeps;
  userId: string;
  signal?: AbortSignal;
  built: Map<string, Promise<Built | ToolError>>;
  inputs: Map<string, Promise<AnalysisInputs | ToolError>>;
}

export const openToolSession = (deps: CopilotToolDeps, userId: string, signal?: AbortSignal): ToolSession => ({
  deps,
  userId,
  signal,
  built: new Map(),
  inputs: new Map(),
});

/** A user-level problem a tool reports instead of throwing (unknown symbol, a kind that cannot run on it). */
interface ToolError {
  error: { code: string; message: string };
}

export const isToolError = (x: unknown): x is ToolError => typeof x === 'object' && x !== null && 'error' in x;

export interface Built {
  symbol: string;
  body: AnalysisBody;
  facts: CopilotFact[];
}

/** The page that shows an analysis kind's figures: a citation's link. */
export function hrefForKind(kind: AnalysisKind, symbol: string, subtype: FundamentalSubtype | null = null): string {
  const s = encodeURIComponent(symbol);
  if (kind === 'fundamental') return `/fundamental-analysis/${s}/${subtype ?? 'overview'}`;
  if (kind === 'balance-sheet') return `/balance-sheet/${s}`;
  return `/${kind === 'overview' ? 'overview' : kind}/${s}`;
}

export const withOrigin = (facts: readonly Fact[], symbol: string | null, href: string | null): CopilotFact[] => facts.map((f) => ({ ...f, symbol, href }));

/** Turns the market service's refusals (INVALID_SYMBOL, UNKNOWN_SYMBOL, NO_DATA…) into a tool error; anything else is a real failure. */
export async function catchUserError<T>(work: () => Promise<T>): Promise<T | ToolError> {
  try {
    return await work();
  } catch (e) {
    if (isAppError(e) && e.status < 500) return { error: { code: e.code, message: e.message } };
    throw e;
  }
}

export function resolveSymbol(session: ToolSession, raw: string): Promise<string | ToolError> {
  return catchUserError(() => session.deps.market.resolveSymbol(raw));
}

/**
 * The inputs a paid run of `kind` on `symbol` would load (same loader, same requirements), after the same
 * availability check; memoised for the question.
 */
export function loadInputs(session: ToolSession, symbol: string, kind: AnalysisKind): Promise<AnalysisInputs | ToolError> {
  const cacheKey = `${symbol}|${kind}`;
  const cached = session.inputs.get(cacheKey);
  if (cached) return cached;
  const loaded = catchUserError(async (): Promise<AnalysisInputs | ToolError> => {
    const { market, runs } = session.deps;
    const [profile, coverage] = await Promise.all([market.getProfile(symbol), market.coverage(symbol)]);
    const unavailable = runs.checkAvailability(kind, { profile, coverage });
    if (unavailable) return { error: { code: 'UNPROCESSABLE', message: `${unavailable.reason} (${symbol}).` } };
    const history = await session.deps.loadPriceHistory(market, symbol);
    const inputs = await session.deps.loadAnalysisInputs(market, { symbol, profile, history, names: runs.requirements[kind] });
    if (session.signal?.aborted) throw session.signal.reason ?? new Error('aborted');
    return inputs;
  });
  session.inputs.set(cacheKey, loaded);
  return loaded;
}

/**
 * Builds one analysis kind for a symbol exactly as a paid run would (same input loading, same builder),
 * without charging or storing: the copilot's figure for a key is the analysis page's.
 */
export function buildKind(session: ToolSession, symbol: string, kind: AnalysisKind, subtype: FundamentalSubtype | null = null): Promise<Built | ToolError> {
  const cacheKey = `${symbol}|${kind}|${subtype ?? ''}`;
  const cached = session.built.get(cacheKey);
  if (cached) return cached;
  const built = (async (): Promise<Built | ToolError> => {
    const inputs = await loadInputs(session, symbol, kind);
    if (isToolError(inputs)) return inputs;
    const body = session.deps.runs.builders[kind](inputs, subtype);
    if (!body.ok) return { error: { code: 'UNPROCESSABLE', message: body.error.message } };
    return { symbol, body: body.value, facts: withOrigin(body.value.facts, symbol, hrefForKind(kind, symbol, body.value.subtype)) };
  })();
  session.built.set(cacheKey, built);
  return built;
}

/** A company's ratios, scores or statement figures (core/copilot/company-facts.ts), each linked to the tab that shows it. */
export async function collectCompanyFactSet(session: ToolSession, symbol: string, set: CompanyFactSet): Promise<{ facts: CopilotFact[]; errors: ToolError[] }> {
  const inputs = await loadInputs(session, symbol, 'fundamental');
  if (isToolError(inputs)) return { facts: [], errors: [inputs] };
  const placed = collectCompanyFacts(inputs, set);
  if (!placed.ok) return { facts: [], errors: [{ error: { code: 'UNPROCESSABLE', message: placed.error.message } }] };
  return { facts: placed.value.map(({ fact, page }) => ({ ...fact, symbol, href: hrefForKind(page.kind, symbol, page.subtype) })), errors: [] };
}

/** The facts of `sources` (in order) whose key `keep` accepts, each key once (the first source's, whose page shows it). */
export async function collectFacts(
  session: ToolSession,
  symbol: string,
  sources: ReadonlyArray<readonly [AnalysisKind, FundamentalSubtype | null]>,
  keep: (f: Fact) => boolean,
): Promise<{ facts: CopilotFact[]; errors: ToolError[] }> {
  const results = await Promise.all(sources.map(([kind, subtype]) => buildKind(session, symbol, kind, subtype)));
  const seen = new Set<string>();
  const facts: CopilotFact[] = [];
  const errors: ToolError[] = [];
  for (const r of results) {
    if (isToolError(r)) {
      errors.push(r);
      continue;
    }
    for (const f of r.facts) {
      if (!keep(f) || seen.has(f.key)) continue;
      seen.add(f.key);
      facts.push(f);
    }
  }
  return { facts, errors };
}

export function toolError(tool: CopilotToolName, symbol: string | null, e: ToolError): CopilotToolResult {
  return { tool, symbol, facts: [], error: e.error };
}

/** A result from collected facts: an error only when every source failed. */
export function toolResult(tool: CopilotToolName, symbol: string, got: { facts: CopilotFact[]; errors: ToolError[] }, notes?: string[]): CopilotToolResult {
  const first = got.errors[0];
  if (got.facts.length === 0 && first) return toolError(tool, symbol, first);
  return { tool, symbol, facts: got.facts, ...(notes ? { notes } : {}) };
}
