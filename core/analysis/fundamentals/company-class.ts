/**
 * Which balance-sheet model fits a company, for the scores that depend on it (Altman):
 * - `bank`: lenders and broker-dealers, whose assets are loans and securities funded by deposits or
 *   repo: GICS industries Diversified Banks, Regional Banks, Consumer Finance, Investment Banking &
 *   Brokerage, Thrifts & Mortgage Finance, Commercial & Residential Mortgage Finance, or an SIC
 *   description naming commercial banks or savings institutions (custody banks such as BNY);
 * - `insurer`: underwriters: GICS Life & Health, Property & Casualty, Multi-line Insurance and
 *   Reinsurance, or an SIC description naming an insurance carrier (Berkshire Hathaway's Fire, Marine &
 *   Casualty Insurance); insurance brokers are not insurers;
 * - `manufacturer`: SIC division D (codes 2000–3999), recognised by description: any SIC description
 *   that is not one of the non-manufacturing divisions' (agriculture, mining, construction, transport,
 *   communications, utilities, trade, finance, services) — e.g. "Semiconductors & Related Devices";
 * - `non_manufacturer`: everything else, and any company without an SIC description.
 */
export type CompanyClass = 'manufacturer' | 'non_manufacturer' | 'bank' | 'insurer';

export interface ClassificationInput {
  sector: string | null;
  industry: string | null;
  sicDescription: string | null;
}

const BANK_INDUSTRIES = new Set([
  'Diversified Banks',
  'Regional Banks',
  'Consumer Finance',
  'Investment Banking & Brokerage',
  'Thrifts & Mortgage Finance',
  'Commercial & Residential Mortgage Finance',
]);
const INSURER_INDUSTRIES = new Set(['Life & Health Insurance', 'Property & Casualty Insurance', 'Multi-line Insurance', 'Reinsurance']);
const BANK_SIC = /commercial banks|savings institution|savings & loan/i;
const INSURER_SIC = /insurance carriers|life insurance|fire, marine & casualty|accident & health insurance|surety insurance|title insurance/i;

/** SIC descriptions outside division D: by prefix, since manufacturing ones reuse words like "Construction" or "Oil & Gas". */
const NON_MANUFACTURING_SIC = [
  /^(services|retail|wholesale)-/i,
  /^agricultural production/i,
  /^(metal mining|gold and silver ores|mining & quarrying|bituminous coal|crude petroleum|oil & gas field services|oil royalty|drilling oil)/i,
  /^(operative builders|general bldg contractors|heavy construction other|electrical work|water, sewer)/i,
  /^(railroads|trucking|air courier|air transportation|water transportation|arrangement of\s+transportation|transportation services|pipe lines)/i,
  /^(telephone communications|radiotelephone communications|communications services|cable & other pay television|television broadcasting|radio broadcasting)/i,
  /^(electric services|electric & other services|gas & other services|natural gas (transmission|transmisison|distribution)|water supply|cogeneration|refuse systems)/i,
  /^hospital & medical service plans/i,
  /(bank|insurance|real estate|investment advice|finance services|security brokers|security & commodity|hotels & motels|patent owners)/i,
];

const isManufacturingSic = (sic: string) => !NON_MANUFACTURING_SIC.some((re) => re.test(sic));

export function classifyCompany({ industry, sicDescription }: ClassificationInput): CompanyClass {
  const sic = sicDescription?.trim() || null;
  if ((industry && BANK_INDUSTRIES.has(industry)) || (sic && BANK_SIC.test(sic))) return 'bank';
  if ((industry && INSURER_INDUSTRIES.has(industry)) || (sic && INSURER_SIC.test(sic))) return 'insurer';
  return sic && isManufacturingSic(sic) ? 'manufacturer' : 'non_manufacturer';
}

/**
 * A real-estate investment trust: it must pay out most of its taxable income, and depreciation of its buildings
 * depresses net income far below the cash it distributes, so its payout is read on AFFO, and it is valued on it.
 * The industry is a GICS sub-industry ("Office REITs") or, for a company only the store has, EDGAR's SIC title
 * ("Real Estate Investment Trusts", SIC 6798).
 */
export const isReit = (sector: string | null, industry: string | null): boolean =>
  sector === 'Real Estate' && /REIT|real estate investment trust/i.test(industry ?? '');
