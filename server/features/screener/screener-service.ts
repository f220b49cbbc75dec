import { describeTable } from '../../../core/screener/distribution.ts';
import type { FieldUnit } from '../../../core/screener/fields.ts';
import {
  listAllMatches,
  checkScreenDefinition,
  checkScreenerQuery,
  runScreenerQuery,
  SCREENER_LIMITS,
  withQueryDefaults,
} from '../../../core/screener/query.ts';
import type { CellValue, FieldDistribution, QueryProblem, ScreenDefinition, ScreenerQuery } from '../../../core/screener/screener-types.ts';
import { buildScreenerTable, readCell, type ScreenerTable } from '../../../core/screener/table.ts';
import { toCsvCell } from '../../../core/text/csv.ts';
import type { Database } from '../../adapters/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { UUID_RE } from '../../lib/uuid.ts';
import type { MarketService, UniverseProductsSource, UniverseRead } from '../market/index.ts';
import { type LoadedUniverse, loadScreenerRows } from './screener-universe.ts';
import { deleteScreen, insertScreen, listScreens, type StoredScreen } from './screens-store.ts';

/** The table in use, its distributions, and how it was built. */
export interface ScreenerSnapshot {
  table: ScreenerTable;
  distributions: Map<string, FieldDistribution>;
  stocks: number;
  etfs: number;
  builtAt: Date;
  buildMs: number;
  /** The market's data day when the build began: a later one (ingestion stored a day) starts a rebuild. */
  dataDay: string;
}

/** The one mutable part: the table served now, and the build in flight (one at a time). */
interface ScreenerState {
  current: ScreenerSnapshot | null;
  building: Promise<ScreenerSnapshot> | null;
  /** When the last build started: a failed refresh is retried one refresh period later, not on every request. */
  lastAttemptAt: Date | null;
}

interface ScreenerContext {
  db: Database;
  market: MarketService;
  logger: Logger;
  now: () => Date;
  state: ScreenerState;
  /**
   * Live mode: a table older than this is rebuilt in the background on the next request (the old one
   * serves meanwhile), so figures follow the vendors. Null with the bundled snapshot, which never changes.
   */
  refreshAfterMs: number | null;
  /** The universe read the rows are computed from, shared with the other features that walk it. */
  universe: UniverseRead;
  /** Where rows come from (tests swap in synthetic rows). */
  loadRows?: (market: MarketService) => Promise<LoadedUniverse>;
  /** The universe worker's products: with a whole stored market (PostgreSQL) the rows are computed there, not here. */
  products?: UniverseProductsSource | null;
}

async function buildSnapshot(ctx: ScreenerContext): Promise<ScreenerSnapshot> {
  const started = performance.now();
  const dataDay = ctx.market.universeDay?.() ?? ctx.market.dataAsOf();
  const built = ctx.loadRows ? null : await ctx.products?.read({ maxAgeMs: ctx.refreshAfterMs });
  const universe = built ? built.screener : await (ctx.loadRows ?? ((market) => loadScreenerRows(market, ctx.universe, ctx.refreshAfterMs)))(ctx.market);
  const table = buildScreenerTable(universe.rows, { dataAsOf: universe.dataAsOf });
  const snapshot: ScreenerSnapshot = {
    table,
    distributions: describeTable(table),
    stocks: universe.stocks,
    etfs: universe.etfs,
    builtAt: ctx.now(),
    // The worker's build says which universe it read: the day read before it may predate the store's version being known.
    dataDay: built?.key ?? dataDay,
    buildMs: Math.round(performance.now() - started),
  };
  ctx.logger.info({ rows: table.size, buildMs: snapshot.buildMs, dataAsOf: table.dataAsOf }, 'screener: table built');
  return snapshot;
}

/** Starts a build unless one is running; the finished table replaces the current one. */
function startScreenerBuild(ctx: ScreenerContext): Promise<ScreenerSnapshot> {
  if (ctx.state.building) return ctx.state.building;
  ctx.state.lastAttemptAt = ctx.now();
  const building = buildSnapshot(ctx)
    .then((snapshot) => {
      ctx.state.current = snapshot;
      return snapshot;
    })
    .finally(() => {
      ctx.state.building = null;
    });
  ctx.state.building = building;
  return building;
}

/** The table to answer from: built on first use; in live mode refreshed in the background once stale. */
async function getScreenerSnapshot(ctx: ScreenerContext): Promise<ScreenerSnapshot> {
  const current = ctx.state.current;
  if (!current) return startScreenerBuild(ctx);
  const lastTry = Math.max(current.builtAt.getTime(), ctx.state.lastAttemptAt?.getTime() ?? 0);
  // A new data day (ingestion stored one) or, live, an old table: rebuilt in the background, the current one serves.
  // The universe's day moves with a stored company added or refiled too (market's universeDay).
  const newDataDay = current.dataDay !== (ctx.market.universeDay?.() ?? ctx.market.dataAsOf());
  if ((newDataDay || (ctx.refreshAfterMs !== null && ctx.now().getTime() - lastTry > ctx.refreshAfterMs)) && !ctx.state.building) {
    startScreenerBuild(ctx).catch((e) => ctx.logger.warn({ err: e }, 'screener: refreshing the table failed; the previous one still serves'));
  }
  return current;
}

function throwProblem(problem: QueryProblem | null, details?: unknown): void {
  if (problem) throw new AppError('VALIDATION_FAILED', `${problem.field}: ${problem.message}`, { field: problem.field, details });
}

export interface ScreenerPage {
  rows: Array<{ symbol: string; name: string; values: Record<string, CellValue>; as_of?: Record<string, string>; sparkline: number[] }>;
  total: number;
  query: ScreenerQuery;
  dataAsOf: string;
}

/**
 * One page of a screen. Bad input (unknown field, min above max, a value the field does not have, a
 * page past the last) is VALIDATION_FAILED naming the request field; callers may pass a partial query.
 */
async function queryScreener(ctx: ScreenerContext, input: Partial<ScreenerQuery>): Promise<ScreenerPage> {
  const query = withQueryDefaults(input);
  const { table } = await getScreenerSnapshot(ctx);
  throwProblem(checkScreenerQuery(table, query));
  const page = runScreenerQuery(table, query);
  if (query.page > page.lastPage) {
    throwProblem(
      { field: 'page', message: `page ${query.page} is past the last page (${page.lastPage}) of ${page.total} matching rows` },
      { total: page.total, last_page: page.lastPage },
    );
  }
  const columns = query.columns.map((id) => table.columns.get(id)!);
  const rows = page.rows.map((r) => {
    const dated = columns.flatMap((c) => (c.asOf.has(r) ? [[c.field.id, c.asOf.get(r)!] as const] : []));
    return {
      symbol: table.symbols[r]!,
      name: table.names[r]!,
      values: Object.fromEntries(columns.map((c) => [c.field.id, readCell(c, r)])),
      ...(dated.length ? { as_of: Object.fromEntries(dated) } : {}),
      sparkline: table.sparklines[r]!,
    };
  });
  return { rows, total: page.total, query, dataAsOf: table.dataAsOf };
}

const UNIT_SUFFIX: Record<FieldUnit, string> = {
  percent: ' (%)',
  usd: ' (USD)',
  usd_per_share: ' (USD per share)',
  ratio: ' (ratio)',
  times: ' (×)',
  score: ' (score)',
  count: ' (count)',
  years: ' (years)',
  label: '',
};

/** Every matching row as CSV: symbol, name, then the screen's columns with their units in the header. */
async function exportScreenerCsv(ctx: ScreenerContext, input: Partial<ScreenDefinition>): Promise<{ csv: string; dataAsOf: string }> {
  const def = withQueryDefaults(input);
  const { table } = await getScreenerSnapshot(ctx);
  throwProblem(checkScreenDefinition(table, def));
  const columns = def.columns.map((id) => table.columns.get(id)!);
  const header = ['Symbol', 'Name', ...columns.map((c) => `${c.field.label}${UNIT_SUFFIX[c.field.unit]}`)].map((h) => toCsvCell(h, true));
  const lines = [header.join(',')];
  for (const r of listAllMatches(table, def)) {
    const cells = [toCsvCell(table.symbols[r]!, true), toCsvCell(table.names[r]!, true), ...columns.map((c) => toCsvCell(readCell(c, r), c.kind === 'choice'))];
    lines.push(cells.join(','));
  }
  return { csv: `${lines.join('\r\n')}\r\n`, dataAsOf: table.dataAsOf };
}

async function listSavedScreens(ctx: ScreenerContext, userId: string): Promise<StoredScreen[]> {
  return listScreens(ctx.db, userId);
}

/** Checks the screen like a query (nothing stored on bad input), then stores it; 409 past the per-user limit. */
async function saveScreen(ctx: ScreenerContext, userId: string, body: { name: string } & ScreenDefinition): Promise<StoredScreen> {
  const { table } = await getScreenerSnapshot(ctx);
  const definition: ScreenDefinition = { filters: body.filters, sort: body.sort, columns: body.columns };
  throwProblem(checkScreenDefinition(table, definition));
  const stored = await insertScreen(ctx.db, userId, { name: body.name, definition, createdAt: ctx.now() }, SCREENER_LIMITS.maxSavedScreens);
  if (!stored) {
    throw new AppError('CONFLICT', `You have ${SCREENER_LIMITS.maxSavedScreens} saved screens, the most one account keeps; delete one to save another.`);
  }
  return stored;
}

async function deleteSavedScreenOrThrow(ctx: ScreenerContext, userId: string, id: string): Promise<void> {
  if (!UUID_RE.test(id) || !(await deleteScreen(ctx.db, userId, id))) throw new AppError('NOT_FOUND', 'No such saved screen.');
}

/**
 * The screener over its in-process table (one state per service), and saved screens. What other features
 * (the copilot, the public API) call: a screen's page or its CSV, with the API's checks and defaults.
 */
export function createScreenerService(deps: Omit<ScreenerContext, 'state'>) {
  const ctx: ScreenerContext = { ...deps, state: { current: null, building: null, lastAttemptAt: null } };
  return {
    now: ctx.now,
    queryScreener: (query: Partial<ScreenerQuery>) => queryScreener(ctx, query),
    exportScreenerCsv: (def: Partial<ScreenDefinition>) => exportScreenerCsv(ctx, def),
    /** The table now in use (built on first call). */
    getSnapshot: (): Promise<ScreenerSnapshot> => (ctx.state.current ? Promise.resolve(ctx.state.current) : startScreenerBuild(ctx)),
    /** The table to answer from, refreshed in the background once stale (live mode). */
    getScreenerSnapshot: () => getScreenerSnapshot(ctx),
    /** Starts a build unless one is running (the warm-up job). */
    startScreenerBuild: () => startScreenerBuild(ctx),
    listSavedScreens: (userId: string) => listSavedScreens(ctx, userId),
    saveScreen: (userId: string, body: { name: string } & ScreenDefinition) => saveScreen(ctx, userId, body),
    deleteSavedScreenOrThrow: (userId: string, id: string) => deleteSavedScreenOrThrow(ctx, userId, id),
  };
}
export type ScreenerService = ReturnType<typeof createScreenerService>;
