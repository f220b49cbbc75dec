import type { Criterion, Scorecard, YearScorecards } from '../../../core/analysis/scorecards/scorecards.ts';
import type { SectorDistribution } from '../../../core/analysis/scorecards/sector-distribution.ts';
import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { ScorecardsResponse, scorecardsExampleRoute, scorecardsRoute } from './scorecards.routes.ts';
import type { ScorecardsReport, ScorecardsService } from './scorecards-service.ts';

const toCriterion = (c: Criterion) => ({
  id: c.id,
  label: c.label,
  inputs: c.inputs.map((i) => ({ key: i.key, label: i.label, fiscal_year: i.fiscalYear, value: i.value, filed_on: i.filedOn, filed_later: i.filedLater })),
  value: c.value,
  prior: c.prior,
  threshold: c.threshold,
  weight: c.weight,
  contribution: c.contribution,
  passed: c.passed,
  note: c.note,
});

const toCard = (s: Scorecard) => ({ ...s, criteria: s.criteria.map(toCriterion) });

const toYear = (y: YearScorecards) => ({
  fiscal_year: y.fiscalYear,
  filed_on: y.filedOn,
  filed_later_count: y.filedLaterCount,
  market_cap: y.marketCap ? { usd: y.marketCap.usd, price: y.marketCap.price, price_date: y.marketCap.priceDate, shares: y.marketCap.shares } : null,
  piotroski: toCard(y.piotroski),
  altman: toCard(y.altman),
  beneish: toCard(y.beneish),
});

const toDistribution = (d: SectorDistribution | null) =>
  d && { key: d.key, sector: d.sector, peers: d.peers, bins: d.bins, company_value: d.companyValue, company_bin: d.companyBin, percentile: d.percentile };

function toScorecardsBody(r: ScorecardsReport): ScorecardsResponse {
  return {
    symbol: r.symbol,
    name: r.profile.name,
    sector: r.profile.sector,
    industry: r.profile.industry,
    company_class: r.companyClass,
    data_day: r.dataDay,
    years: r.years.map(toYear),
    distributions: {
      piotroski: toDistribution(r.distributions.piotroski),
      altman: toDistribution(r.distributions.altman),
      beneish: toDistribution(r.distributions.beneish),
    },
    peers_note: r.peersNote,
  };
}

export function createScorecardsHandlers(service: ScorecardsService) {
  const getScorecards: AppRouteHandler<typeof scorecardsRoute> = async (c) => {
    requireUser(c);
    return c.json(toScorecardsBody(await service.getScorecardsOrThrow(c.req.valid('param').symbol)), 200);
  };
  const getExample: AppRouteHandler<typeof scorecardsExampleRoute> = async (c) => c.json(toScorecardsBody(await service.getExampleScorecards()), 200);
  return { getScorecards, getExample };
}
