import type { CompanyFinancials } from '../financials.ts';
import { type EngineResult, fail, ok, requireFinite } from '../result.ts';
import type { CompanyClass } from './company-class.ts';
import { divideByPositive, requireNonNegative } from './ratio-math.ts';
import { findLatestAnnual, lineOf, totalLiabilitiesOf } from './statement-lines.ts';

type AltmanModel = 'z' | 'z_double_prime';
type AltmanZone = 'safe' | 'grey' | 'distress';

interface AltmanVariable {
  id: 'x1' | 'x2' | 'x3' | 'x4' | 'x5';
  label: string;
  /** The ratio (a fraction of total assets, or times for x4). */
  value: number;
  weight: number;
}

export interface AltmanScore {
  model: AltmanModel;
  score: number;
  zone: AltmanZone;
  fiscalYear: number;
  variables: AltmanVariable[];
}

/**
 * Altman (1968) Z for public manufacturers: 1.2·X1 + 1.4·X2 + 3.3·X3 + 0.6·X4 + 1.0·X5, zones
 * > 2.99 safe, 1.81–2.99 grey, < 1.81 distress; X4 uses the market value of equity.
 * Altman (1995) Z″ for non-manufacturers: 6.56·X1 + 3.26·X2 + 6.72·X3 + 1.05·X4, zones > 2.60 safe,
 * 1.10–2.60 grey, < 1.10 distress; X4 uses book equity and there is no sales term (industry-sensitive).
 * X1 working capital / assets, X2 retained earnings / assets, X3 EBIT (operating income) / assets,
 * X4 equity / total liabilities, X5 sales / assets; all from the latest fiscal year's year-end balances.
 */
const MODELS = {
  z: { weights: [1.2, 1.4, 3.3, 0.6, 1.0], safeAbove: 2.99, distressBelow: 1.81 },
  z_double_prime: { weights: [6.56, 3.26, 6.72, 1.05], safeAbove: 2.6, distressBelow: 1.1 },
} as const;

export function classifyAltmanZone(model: AltmanModel, score: number): AltmanZone {
  const m = MODELS[model];
  return score > m.safeAbove ? 'safe' : score < m.distressBelow ? 'distress' : 'grey';
}

/**
 * Altman Z for a manufacturer (needs `marketCapUsd`), Z″ for any other non-financial company; banks and
 * insurers get `not_applicable`: their assets are loans and investments funded by deposits or policy
 * reserves, so working capital and asset turnover mean nothing and the model was never fitted to them.
 */
export function computeAltman(f: CompanyFinancials, companyClass: CompanyClass, marketCapUsd: number | null): EngineResult<AltmanScore> {
  if (companyClass === 'bank' || companyClass === 'insurer')
    return fail(
      'not_applicable',
      'company_class',
      `Altman Z is not defined for ${companyClass === 'bank' ? 'banks' : 'insurers'}: it was fitted to industrial companies`,
    );
  const p = findLatestAnnual(f);
  if (!p) return fail('missing_input', 'annual_statements', `${f.symbol} has no annual statements`);
  const model: AltmanModel = companyClass === 'manufacturer' ? 'z' : 'z_double_prime';

  const ca = requireNonNegative(lineOf(p, 'current_assets'), 'current_assets');
  if (!ca.ok) return ca;
  const cl = requireNonNegative(lineOf(p, 'current_liabilities'), 'current_liabilities');
  if (!cl.ok) return cl;
  const assets = lineOf(p, 'total_assets');
  const x1 = divideByPositive(ca.value - cl.value, assets, ['working_capital', 'total_assets']);
  if (!x1.ok) return x1;
  const x2 = divideByPositive(lineOf(p, 'retained_earnings'), assets, ['retained_earnings', 'total_assets']);
  if (!x2.ok) return x2;
  const x3 = divideByPositive(lineOf(p, 'operating_income'), assets, ['operating_income', 'total_assets']);
  if (!x3.ok) return x3;
  const equity = model === 'z' ? requireFinite(marketCapUsd, 'market_cap') : requireFinite(lineOf(p, 'total_equity'), 'total_equity');
  if (!equity.ok) return equity;
  if (model === 'z' && equity.value <= 0) return fail('invalid_parameter', 'market_cap', `market cap must be positive, got ${equity.value}`);
  const x4 = divideByPositive(equity.value, totalLiabilitiesOf(p), [model === 'z' ? 'market_cap' : 'total_equity', 'total_liabilities']);
  if (!x4.ok) return x4;

  const values = [x1.value, x2.value, x3.value, x4.value];
  if (model === 'z') {
    const x5 = divideByPositive(lineOf(p, 'revenue'), assets, ['revenue', 'total_assets']);
    if (!x5.ok) return x5;
    values.push(x5.value);
  }
  const labels = [
    'Working capital / total assets',
    'Retained earnings / total assets',
    'EBIT / total assets',
    model === 'z' ? 'Market value of equity / total liabilities' : 'Book equity / total liabilities',
    'Sales / total assets',
  ];
  const { weights } = MODELS[model];
  const variables = values.map((value, i) => ({ id: `x${i + 1}` as AltmanVariable['id'], label: labels[i]!, value, weight: weights[i]! }));
  const score = variables.reduce((sum, v) => sum + v.weight * v.value, 0);
  return ok({ model, score, zone: classifyAltmanZone(model, score), fiscalYear: p.fiscalYear, variables });
}
