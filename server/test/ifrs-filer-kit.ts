import type { CompanyFactsJson } from '../../core/market/sec-facts.ts';

/** us-gaap concepts of Apple's recorded companyfacts → the IFRS concept of the same line (core/market/statements.ts). */
export const IFRS_RETAG: Readonly<Record<string, string>> = {
  RevenueFromContractWithCustomerExcludingAssessedTax: 'Revenue',
  NetIncomeLoss: 'ProfitLossAttributableToOwnersOfParent',
  EarningsPerShareDiluted: 'DilutedEarningsLossPerShare',
  WeightedAverageNumberOfDilutedSharesOutstanding: 'AdjustedWeightedAverageShares',
  Assets: 'Assets',
  NetCashProvidedByUsedInOperatingActivities: 'CashFlowsFromUsedInOperatingActivities',
  PaymentsToAcquirePropertyPlantAndEquipment: 'PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities',
};

/**
 * A recorded us-gaap companyfacts answer as a foreign private issuer's would be: the facts of the concepts in
 * `IFRS_RETAG` only, annual only (a 20-F filer files no 10-Q), every 10-K fact filed as a `form` (20-F unless said),
 * under `taxonomy` (ifrs-full, renamed; or us-gaap, as they were) and in `currency` (USD, or e.g. EUR for a filer
 * reporting in euros: `USD` and `USD/shares` units renamed).
 */
export function toForeignFilerFacts(
  doc: CompanyFactsJson,
  options: { taxonomy?: 'ifrs-full' | 'us-gaap'; form?: '20-F' | '10-K'; currency?: string; cik?: number; entityName?: string } = {},
): CompanyFactsJson {
  const { taxonomy = 'ifrs-full', form = '20-F', currency = 'USD' } = options;
  const usGaap = structuredClone(doc.facts!['us-gaap']!);
  const section: NonNullable<CompanyFactsJson['facts']>[string] = {};
  for (const [tag, body] of Object.entries(usGaap)) {
    const renamed = IFRS_RETAG[tag];
    if (!renamed) continue;
    const units = Object.fromEntries(
      Object.entries(body.units ?? {}).map(([unit, list]) => [
        unit.replace('USD', currency),
        list.filter((f) => f.form?.startsWith('10-K')).map((f) => ({ ...f, form })),
      ]),
    );
    section[taxonomy === 'ifrs-full' ? renamed : tag] = { units };
  }
  return { cik: options.cik ?? doc.cik, entityName: options.entityName ?? doc.entityName, facts: { [taxonomy]: section } };
}
