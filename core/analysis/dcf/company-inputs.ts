import { type CompanyFinancials, valueOf as lineValue } from '../financials.ts';
import { type EngineResult, fail, ok } from '../result.ts';

/** The statement figures a DCF reads, from one fiscal year (USD; shares as a count). */
export interface DcfCompanyData {
  periodEnd: string;
  fiscalYear: number;
  baseFcfUsd: number | null;
  fcfBasis: 'reported' | 'operating_cash_flow_minus_capex' | 'missing';
  sharesDiluted: number | null;
  totalDebtUsd: number;
  priorTotalDebtUsd: number | null;
  /** Cash plus short-term investments. */
  cashUsd: number;
  nciUsd: number;
  interestExpenseUsd: number | null;
  incomeTaxUsd: number | null;
  incomeBeforeTaxUsd: number | null;
  /** Each figure taken as 0 because it was not reported, said in words for the UI. */
  assumedZero: string[];
}

const readDebt = (values: Parameters<typeof lineValue>[0]) => lineValue(values, 'total_debt') ?? lineValue(values, 'long_term_debt');

/**
 * The latest annual period's figures (the caller passes financials already cut to what was filed by
 * the valuation date). Free cash flow falls back to operating cash flow − capex. Debt, cash,
 * short-term investments and NCI not reported are taken as 0 and listed in `assumedZero`, since a
 * bridge line a company does not report is most often one it does not have.
 */
export function extractDcfCompanyData(financials: CompanyFinancials): EngineResult<DcfCompanyData> {
  const periods = financials.annual;
  const last = periods.at(-1);
  if (!last) return fail('missing_input', 'annual_statements', `${financials.symbol} has no annual statements.`);
  const prior = periods.at(-2);

  const reportedFcf = lineValue(last, 'free_cash_flow');
  const ocf = lineValue(last, 'operating_cash_flow');
  const capex = lineValue(last, 'capital_expenditure');
  const derivedFcf = ocf !== null && capex !== null ? ocf - capex : null;

  const assumedZero: string[] = [];
  const takeOrZero = (value: number | null, label: string) => {
    if (value !== null) return value;
    assumedZero.push(label);
    return 0;
  };
  const cash = takeOrZero(lineValue(last, 'cash'), 'cash');
  const shortTerm = takeOrZero(lineValue(last, 'short_term_investments'), 'short-term investments');
  return ok({
    periodEnd: last.end,
    fiscalYear: last.fiscalYear,
    baseFcfUsd: reportedFcf ?? derivedFcf,
    fcfBasis: reportedFcf !== null ? 'reported' : derivedFcf !== null ? 'operating_cash_flow_minus_capex' : 'missing',
    sharesDiluted: lineValue(last, 'shares_diluted'),
    totalDebtUsd: takeOrZero(readDebt(last), 'total debt'),
    priorTotalDebtUsd: prior ? readDebt(prior) : null,
    cashUsd: cash + shortTerm,
    nciUsd: takeOrZero(lineValue(last, 'noncontrolling_interest'), 'non-controlling interest'),
    interestExpenseUsd: lineValue(last, 'interest_expense'),
    incomeTaxUsd: lineValue(last, 'income_tax'),
    incomeBeforeTaxUsd: lineValue(last, 'income_before_tax'),
    assumedZero,
  });
}
