import type { LineUnit, StatementKind } from './types.ts';

/** The normalised statement lines, in display order, with the SEC us-gaap tags that feed them (first present wins). */
interface LineDef {
  key: string;
  label: string;
  unit: LineUnit;
  statement: StatementKind;
  /** us-gaap tags in order of preference: a total before a component. */
  secTags: readonly string[];
  /** ifrs-full tags, same order (foreign private issuers filing IFRS, most 20-F/40-F); empty where none is mapped. */
  ifrsTags: readonly string[];
  /**
   * How a period's value is chosen among several tags (sec-facts.ts). `first`: the first tag with a
   * value. `latest_filed`: the tags name one concept renamed over time, so the latest filing wins as
   * it would for one tag (restated wins). `company_definition`: one tag defines the line for the whole
   * company (see chooseDefinitionTag).
   */
  tagChoice: 'first' | 'latest_filed' | 'company_definition';
  /** Flows over a period (income, cash flow) vs instants (balance sheet). */
  flow: boolean;
}

/**
 * The same lines in the IFRS taxonomy (`ifrs-full`), for filers that report under IFRS — their companyfacts has no
 * us-gaap section. Each is the IFRS concept for the line's figure, not a near one: revenue is `Revenue` (the total)
 * before contract revenue (IFRS 15, a component where both are tagged); net income is the parent's share, as
 * us-gaap's `NetIncomeLoss`; equity is the parent's; diluted shares are `AdjustedWeightedAverageShares`. Lines with no
 * one-concept IFRS equivalent (short-term investments, long-term debt: IFRS splits borrowings differently) stay
 * unmapped and show "not reported" rather than a figure on another definition.
 */
const IFRS_TAGS: Record<string, string[]> = {
  revenue: ['Revenue', 'RevenueFromContractsWithCustomers'],
  cost_of_revenue: ['CostOfSales'],
  gross_profit: ['GrossProfit'],
  research_development: ['ResearchAndDevelopmentExpense'],
  sga: ['SellingGeneralAndAdministrativeExpense'],
  operating_income: ['ProfitLossFromOperatingActivities'],
  interest_expense: ['InterestExpense'],
  income_before_tax: ['ProfitLossBeforeTax'],
  income_tax: ['IncomeTaxExpenseContinuingOperations'],
  net_income: ['ProfitLossAttributableToOwnersOfParent'],
  eps_diluted: ['DilutedEarningsLossPerShare'],
  shares_diluted: ['AdjustedWeightedAverageShares'],
  dividends_per_share: ['DividendsRecognisedAsDistributionsToOwnersPerShare'],
  cash: ['CashAndCashEquivalents'],
  receivables: ['TradeAndOtherCurrentReceivables'],
  inventory: ['Inventories'],
  current_assets: ['CurrentAssets'],
  ppe_net: ['PropertyPlantAndEquipment'],
  total_assets: ['Assets'],
  accounts_payable: ['TradeAndOtherCurrentPayables'],
  current_liabilities: ['CurrentLiabilities'],
  total_liabilities: ['Liabilities'],
  retained_earnings: ['RetainedEarnings'],
  total_equity: ['EquityAttributableToOwnersOfParent'],
  noncontrolling_interest: ['NoncontrollingInterests'],
  operating_cash_flow: ['CashFlowsFromUsedInOperatingActivities'],
  capital_expenditure: ['PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities', 'PurchaseOfPropertyPlantAndEquipment'],
  depreciation_amortization: ['DepreciationAndAmortisationExpense'],
  stock_based_compensation: ['AdjustmentsForSharebasedPayments'],
  dividends_paid: ['DividendsPaidClassifiedAsFinancingActivities', 'DividendsPaid'],
  share_repurchases: ['PaymentsToAcquireOrRedeemEntitysShares'],
};

const line = (
  statement: StatementKind,
  key: string,
  label: string,
  secTags: string[],
  unit: LineUnit = 'USD',
  tagChoice: LineDef['tagChoice'] = 'first',
): LineDef => ({
  key,
  label,
  unit,
  statement,
  secTags,
  ifrsTags: IFRS_TAGS[key] ?? [],
  tagChoice,
  flow: statement !== 'balance',
});

/**
 * Revenue is the company's total, by this fixed preference (docs/data-quality.md, "Revenue definition"):
 * `Revenues` is total revenues; `RevenuesNetOfInterestExpense` is a bank's or card issuer's total (AXP's
 * contract revenue is its discount revenue, one component); contract revenue (ASC 606) excludes lease,
 * interest and other income, so it is a component where `Revenues` is also tagged (COP, CVX, WMT, PFE);
 * `SalesRevenueNet` is its pre-2018 name.
 */
const REVENUE_TAG_PREFERENCE = [
  'Revenues',
  'RevenuesNetOfInterestExpense',
  'RevenueFromContractWithCustomerExcludingAssessedTax',
  'SalesRevenueNet',
  'RevenueFromContractWithCustomerIncludingAssessedTax',
] as const;

export const LINE_DEFS: readonly LineDef[] = [
  line('income', 'revenue', 'Revenue', [...REVENUE_TAG_PREFERENCE], 'USD', 'company_definition'),
  line('income', 'cost_of_revenue', 'Cost of revenue', ['CostOfRevenue', 'CostOfGoodsAndServicesSold']),
  line('income', 'gross_profit', 'Gross profit', ['GrossProfit']),
  line('income', 'research_development', 'Research and development', ['ResearchAndDevelopmentExpense']),
  line('income', 'sga', 'Selling, general and administrative', ['SellingGeneralAndAdministrativeExpense']),
  line('income', 'operating_income', 'Operating income', ['OperatingIncomeLoss']),
  line('income', 'interest_expense', 'Interest expense', ['InterestExpense']),
  line('income', 'income_before_tax', 'Income before tax', ['IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest']),
  line('income', 'income_tax', 'Income tax', ['IncomeTaxExpenseBenefit']),
  line('income', 'net_income', 'Net income', ['NetIncomeLoss']),
  line('income', 'ebitda', 'EBITDA', []),
  line('income', 'eps_diluted', 'EPS (diluted)', ['EarningsPerShareDiluted'], 'USD/share'),
  line('income', 'shares_diluted', 'Diluted shares (weighted average)', ['WeightedAverageNumberOfDilutedSharesOutstanding'], 'shares'),
  line('income', 'dividends_per_share', 'Dividends per share', ['CommonStockDividendsPerShareDeclared'], 'USD/share'),
  line('balance', 'cash', 'Cash and equivalents', ['CashAndCashEquivalentsAtCarryingValue']),
  line('balance', 'short_term_investments', 'Short-term investments', ['ShortTermInvestments']),
  line('balance', 'receivables', 'Receivables', ['AccountsReceivableNetCurrent']),
  line('balance', 'inventory', 'Inventory', ['InventoryNet']),
  line('balance', 'current_assets', 'Current assets', ['AssetsCurrent']),
  line('balance', 'ppe_net', 'Property, plant and equipment', ['PropertyPlantAndEquipmentNet']),
  line('balance', 'goodwill_intangibles', 'Goodwill and intangibles', []),
  line('balance', 'total_assets', 'Total assets', ['Assets']),
  line('balance', 'accounts_payable', 'Accounts payable', ['AccountsPayableCurrent']),
  line('balance', 'current_liabilities', 'Current liabilities', ['LiabilitiesCurrent']),
  line('balance', 'long_term_debt', 'Long-term debt', ['LongTermDebtNoncurrent', 'LongTermDebt']),
  line('balance', 'total_debt', 'Total debt', []),
  line('balance', 'total_liabilities', 'Total liabilities', ['Liabilities']),
  line('balance', 'retained_earnings', 'Retained earnings', ['RetainedEarningsAccumulatedDeficit']),
  line('balance', 'total_equity', 'Shareholders’ equity', ['StockholdersEquity']),
  line('balance', 'noncontrolling_interest', 'Non-controlling interest', ['MinorityInterest']),
  line('cash_flow', 'operating_cash_flow', 'Operating cash flow', [
    'NetCashProvidedByUsedInOperatingActivities',
    'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
  ]),
  line(
    'cash_flow',
    'capital_expenditure',
    'Capital expenditure',
    ['PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets'],
    'USD',
    'latest_filed',
  ),
  line('cash_flow', 'free_cash_flow', 'Free cash flow', []),
  line('cash_flow', 'depreciation_amortization', 'Depreciation and amortisation', ['DepreciationDepletionAndAmortization', 'DepreciationAndAmortization']),
  line('cash_flow', 'stock_based_compensation', 'Stock-based compensation', ['ShareBasedCompensation']),
  line('cash_flow', 'dividends_paid', 'Dividends paid', ['PaymentsOfDividendsCommonStock', 'PaymentsOfDividends']),
  line('cash_flow', 'share_repurchases', 'Share repurchases', ['PaymentsForRepurchaseOfCommonStock']),
];

export const LINE_BY_KEY: ReadonlyMap<string, LineDef> = new Map(LINE_DEFS.map((d) => [d.key, d]));
