import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type {
  createValuationRoute,
  DcfSetupResponse,
  deleteValuationRoute,
  getDcfSetupRoute,
  getValuationAvailabilityRoute,
  getValuationRoute,
  listValuationsRoute,
  ValuationResponse,
} from './valuations.routes.ts';
import type { DcfSetupWithName, ValuationsService } from './valuations-service.ts';
import type { StoredValuation } from './valuations-store.ts';

function toSetupBody(s: DcfSetupWithName): DcfSetupResponse {
  return {
    symbol: s.symbol,
    name: s.name,
    as_of: s.asOf,
    price: s.priceUsd,
    price_date: s.priceDate,
    fiscal_year: s.fiscalYear,
    fcf_basis: s.fcfBasis,
    model: { key: s.model.key as 'fcff' | 'affo' | 'ddm', label: s.model.label, reason: s.model.reason },
    company: {
      base_fcf_usd: s.company.baseFcfUsd,
      shares_diluted: s.company.sharesDiluted,
      total_debt_usd: s.company.totalDebtUsd,
      cash_usd: s.company.cashUsd,
      nci_usd: s.company.nciUsd,
    },
    assumed_zero: s.assumedZero,
    measured: {
      beta: { value: s.beta.beta, basis: s.beta.basis, description: s.beta.description, raw: s.beta.raw, from: s.beta.from, to: s.beta.to },
      cost_of_debt_basis: s.costOfDebtBasis,
      tax_basis: s.taxBasis,
    },
    sources: s.sources,
    history: s.history && {
      line: s.history.line,
      values: s.history.values.map((v) => ({ fiscal_year: v.fiscalYear, value: v.value })),
      yearly_growth: s.history.yearlyGrowth,
      cagr: s.history.cagr,
    },
    defaults: s.defaults,
    presets: s.presets,
  };
}

const toValuationBody = (v: StoredValuation): ValuationResponse => ({
  id: v.id,
  symbol: v.symbol,
  label: v.label,
  inputs: v.inputs,
  result: v.result,
  analysis_id: v.analysisId,
  created_at: v.createdAt,
});

export function createValuationsHandlers(service: ValuationsService) {
  const getAvailability: AppRouteHandler<typeof getValuationAvailabilityRoute> = async (c) => {
    const a = await service.checkValuationAvailability(c.req.valid('param').symbol);
    return c.json({ symbol: a.symbol, as_of: a.asOf, available: a.available, model: a.model, model_label: a.modelLabel, reason: a.reason }, 200);
  };

  const getDcfSetup: AppRouteHandler<typeof getDcfSetupRoute> = async (c) => {
    const setup = await service.loadDcfSetup(c.req.valid('param').symbol, c.get('user') !== undefined);
    return c.json(toSetupBody(setup), 200);
  };
  const create: AppRouteHandler<typeof createValuationRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(toValuationBody(await service.createValuation(user.id, c.req.valid('json'))), 201);
  };
  const list: AppRouteHandler<typeof listValuationsRoute> = async (c) => {
    const user = requireUser(c);
    return c.json({ valuations: (await service.listUserValuations(user.id, c.req.valid('query'))).map(toValuationBody) }, 200);
  };
  const get: AppRouteHandler<typeof getValuationRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(toValuationBody(await service.getValuationOrThrow(user.id, c.req.valid('param').id)), 200);
  };
  const remove: AppRouteHandler<typeof deleteValuationRoute> = async (c) => {
    const user = requireUser(c);
    await service.deleteValuationOrThrow(user.id, c.req.valid('param').id);
    return c.body(null, 204);
  };
  return { getAvailability, getDcfSetup, create, list, get, remove };
}
