import { classifyCompany, type CompanyClass } from '../../../core/analysis/fundamentals/company-class.ts';
import { buildSectorDistribution, distributionKeyOf, type PeerScores, type SectorDistribution } from '../../../core/analysis/scorecards/sector-distribution.ts';
import { buildScorecardHistory, type Scorecard, type YearScorecards } from '../../../core/analysis/scorecards/scorecards.ts';
import type { Profile } from '../../../core/market/types.ts';
import { AppError } from '../../lib/errors.ts';
import {
  createUniverseRead,
  type MarketService,
  mapYielding,
  orNull,
  type SnapshotCompany,
  type UniverseProductsSource,
  type UniverseRead,
} from '../market/index.ts';

/** The company the public page shows: a manufacturer (Altman Z) with all three scores in each of its last five years. */
const SCORECARD_EXAMPLE_SYMBOL = 'KO';

interface ScorecardsContext {
  market: MarketService;
  /** The covered universe, read once and shared with the screener: with the bundled snapshot, the peers come from it. */
  universe: UniverseRead;
  /** The universe worker's products (PostgreSQL with a stored market); null or absent: the peers are scored here. */
  products?: UniverseProductsSource | null;
  /** The S&P 500 peers, scored once per data day on first use. */
  peers: { load: Promise<PeerScores[]> | null; dataDay?: string };
  /** The public example's last answer: anyone may ask for it, so it is computed at most every EXAMPLE_TTL_MS. */
  example: { at: number; report: Promise<ScorecardsReport> } | null;
}

const EXAMPLE_TTL_MS = 10 * 60_000;

export interface ScorecardsReport {
  symbol: string;
  profile: Profile;
  companyClass: CompanyClass;
  dataDay: string;
  years: YearScorecards[];
  distributions: Record<'piotroski' | 'altman' | 'beneish', SectorDistribution | null>;
  peersNote: string;
}

const createScorecardsContext = (
  market: MarketService,
  universe: UniverseRead = createUniverseRead(market),
  products: UniverseProductsSource | null = null,
): ScorecardsContext => ({
  market,
  universe,
  products,
  peers: { load: null },
  example: null,
});

const classOf = (p: Profile) => classifyCompany({ sector: p.sector, industry: p.industry, sicDescription: p.sic_description });

/** The values a card adds to its histogram: F only with all nine tests run (a missing input is not a failed test). */
function valuesOf(y: YearScorecards | undefined): PeerScores['values'] {
  const out: PeerScores['values'] = {};
  if (!y) return out;
  if (y.piotroski.score !== null && y.piotroski.evaluated === 9) out.piotroski = y.piotroski.score;
  if (y.altman.score !== null) out[distributionKeyOf('altman', y.altman.model)] = y.altman.score;
  if (y.beneish.score !== null) out.beneish = y.beneish.score;
  return out;
}

const closesOf = (bars: Array<{ date: string; close: number }>) => ({ dates: bars.map((b) => b.date), close: bars.map((b) => b.close) });

function scorePeer(c: SnapshotCompany, dataDay: string): PeerScores {
  const latest = buildScorecardHistory(c.fundamentals, classOf(c.profile), c.closes, dataDay, 1)[0];
  return { symbol: c.profile.symbol, sector: c.profile.sector, values: valuesOf(latest) };
}

/**
 * The snapshot's stocks with statements. With the bundled snapshot that is the shared universe read (the
 * screener's walk); with live data the snapshot's own, so the peers never cost one live call per company.
 */
async function readPeerCompanies(ctx: Pick<ScorecardsContext, 'market' | 'universe'>): Promise<SnapshotCompany[]> {
  if (ctx.market.mode !== 'bundled') return ctx.market.getSnapshotUniverse();
  return (await ctx.universe.read()).flatMap((e) =>
    e.profile.type === 'stock' && e.fundamentals
      ? [{ profile: e.profile, fundamentals: e.fundamentals, closes: e.history ? closesOf(e.history.bars) : null }]
      : [],
  );
}

/** Every peer scored: what the sector histograms count (the universe worker runs it too, off the serving thread). */
export async function scorePeersOf(market: MarketService, universe: UniverseRead): Promise<PeerScores[]> {
  const companies = await readPeerCompanies({ market, universe });
  return mapYielding(companies, (c) => scorePeer(c, market.dataAsOf()));
}

async function loadPeerScores(ctx: ScorecardsContext): Promise<PeerScores[]> {
  // A whole stored market is scored on the universe worker (PostgreSQL), once per universe version for every reader.
  const built = await ctx.products?.read();
  if (built) return built.peers;
  // A new data day (ingestion stored one) moves every peer's price: scored again.
  // …or a stored company joins the universe (its listing, statements): the market's universe day moves.
  const universeDay = ctx.market.universeDay?.() ?? ctx.market.dataAsOf();
  if (ctx.peers.dataDay !== universeDay) {
    ctx.peers.load = null;
    ctx.peers.dataDay = universeDay;
  }
  ctx.peers.load ??= scorePeersOf(ctx.market, ctx.universe);
  ctx.peers.load.catch(() => {
    ctx.peers.load = null;
  });
  return ctx.peers.load;
}

function placeInSector(
  peers: PeerScores[],
  sector: string | null,
  kind: 'piotroski' | 'altman' | 'beneish',
  card: Scorecard | undefined,
): SectorDistribution | null {
  if (!sector) return null;
  const key = kind === 'altman' ? distributionKeyOf('altman', card?.model ?? null) : kind;
  const values = peers.filter((p) => p.sector === sector && p.values[key] !== undefined).map((p) => p.values[key]!);
  if (values.length === 0) return null;
  return buildSectorDistribution(key, sector, values, card?.score ?? null);
}

/**
 * Scorecards for any covered company: its last five fiscal years (each as known on its filing day) and,
 * beside the latest, its GICS sector's distribution of the same score over the snapshot's S&P 500.
 */
async function getScorecardsOrThrow(ctx: ScorecardsContext, rawSymbol: string): Promise<ScorecardsReport> {
  const symbol = await ctx.market.resolveSymbol(rawSymbol);
  const profile = await ctx.market.getProfile(symbol);
  if (profile.type === 'etf') throw new AppError('UNPROCESSABLE', `${symbol} is an ETF: scorecards read a company's own statements.`, { field: 'symbol' });
  const [fundamentals, history] = await Promise.all([ctx.market.getFundamentals(symbol), orNull(() => ctx.market.getHistory(symbol, 'max'))]);
  const dataDay = history?.bars.at(-1)?.date ?? ctx.market.dataAsOf();
  const closes = history ? closesOf(history.bars) : null;
  const companyClass = classOf(profile);
  const years = buildScorecardHistory(fundamentals, companyClass, closes, dataDay);
  if (years.length === 0) throw new AppError('UNPROCESSABLE', `No annual report of ${symbol} was filed by ${dataDay}.`, { field: 'symbol' });
  const latest = years.at(-1)!;
  const peers = await loadPeerScores(ctx);
  return {
    symbol,
    profile,
    companyClass,
    dataDay,
    years,
    distributions: {
      piotroski: placeInSector(peers, profile.sector, 'piotroski', latest.piotroski),
      altman: placeInSector(peers, profile.sector, 'altman', latest.altman),
      beneish: placeInSector(peers, profile.sector, 'beneish', latest.beneish),
    },
    peersNote: `${profile.sector ?? 'Its sector'} companies of the S&P 500 in the bundled snapshot and the stored market, each with its latest fiscal year as filed by ${ctx.market.dataAsOf()}; F counts only companies with all nine tests, Altman Z and Z″ are counted apart.`,
  };
}

function getExampleScorecards(ctx: ScorecardsContext, now = Date.now()): Promise<ScorecardsReport> {
  if (!ctx.example || now - ctx.example.at > EXAMPLE_TTL_MS) {
    const report = getScorecardsOrThrow(ctx, SCORECARD_EXAMPLE_SYMBOL);
    ctx.example = { at: now, report };
    report.catch(() => {
      ctx.example = null;
    });
  }
  return ctx.example.report;
}

/** The scorecards of a symbol, the public example, and the sector peers scored once per service. */
export function createScorecardsService(deps: { market: MarketService; universe?: UniverseRead; products?: UniverseProductsSource | null }) {
  const ctx = createScorecardsContext(deps.market, deps.universe, deps.products);
  return {
    getScorecardsOrThrow: (rawSymbol: string) => getScorecardsOrThrow(ctx, rawSymbol),
    getExampleScorecards: (now?: number) => getExampleScorecards(ctx, now),
    loadPeerScores: () => loadPeerScores(ctx),
  };
}
export type ScorecardsService = ReturnType<typeof createScorecardsService>;
