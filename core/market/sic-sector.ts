/**
 * A company's GICS sector from its SEC SIC code, for companies no source names a sector for (store-only listings: the
 * price vendor's ticker and EDGAR's filings, no GICS). Pure: EDGAR's submissions carry the 4-digit `sic`; this says
 * which of the 11 GICS sectors the bundled profiles use it falls in, or null where SIC cannot tell (blank checks,
 * patent owners, ADRs, "services, NEC", non-operating establishments).
 *
 * SIC (1987) classifies establishments by activity; GICS classifies companies by what earns their revenue today, so
 * the two part in known places. The table reads each code by its SIC division, then follows GICS where a rule is known
 * (GICS 2023 put general merchandise stores in Consumer Staples) and, for a code with at least three S&P 500 members in
 * the bundled snapshot, where at least half of them sit (the calibration, docs/market-data-store.md):
 * - 7370 (computer programming, data processing) → Communication Services: Alphabet, Meta, AppLovin, The Trade Desk
 *   (5 of 6); 7372 and the other 737x software and systems codes stay Information Technology (15 of 18 for 7372);
 * - 7389 (business services, NEC) → Financials: Visa, Mastercard, PayPal, Fiserv, FIS, Global Payments, Corpay, MSCI
 *   (8 of 16, the rest spread over four sectors); 7374 (computer processing) → Industrials: ADP, Verisk (2 of 3);
 * - 7320 (credit reporting) → Financials: S&P Global, Moody's (2 of 3; Equifax is Industrials);
 * - 5331 variety stores and 5399 warehouse clubs (Walmart, Target, the dollar stores, Costco) and 5912 drug stores →
 *   Consumer Staples (CVS, Health Care by GICS, is the known miss);
 * - 4400 water transportation is cruise lines (Consumer Discretionary), 4412 deep-sea freight Industrials; 4700
 *   transportation services is the online travel agencies (Booking, Expedia: Consumer Discretionary);
 * - 4922/4923 natural gas transmission are pipelines (Energy); the rest of 49xx is Utilities, except waste (4950–4959,
 *   Industrials).
 * Measured: 449 of the snapshot's 503 companies (89.3 %) get their GICS sector. In-sample — the calibrated codes were
 * chosen on these companies; store-only companies (smaller, outside the S&P 500) will agree somewhat less.
 */

/** The 11 GICS sectors, spelled as the bundled profiles and the sector table spell them. */
export const GICS_SECTORS = [
  'Communication Services',
  'Consumer Discretionary',
  'Consumer Staples',
  'Energy',
  'Financials',
  'Health Care',
  'Industrials',
  'Information Technology',
  'Materials',
  'Real Estate',
  'Utilities',
] as const;
export type GicsSector = (typeof GICS_SECTORS)[number];

/** An inclusive range of SIC codes and its sector; null: SIC cannot tell (the company gets no sector). */
type SicRange = readonly [from: number, to: number, sector: GicsSector | null];

const COMM: GicsSector = 'Communication Services';
const DISC: GicsSector = 'Consumer Discretionary';
const STAPLES: GicsSector = 'Consumer Staples';
const ENERGY: GicsSector = 'Energy';
const FIN: GicsSector = 'Financials';
const HEALTH: GicsSector = 'Health Care';
const IND: GicsSector = 'Industrials';
const IT: GicsSector = 'Information Technology';
const MAT: GicsSector = 'Materials';
const RE: GicsSector = 'Real Estate';
const UTIL: GicsSector = 'Utilities';

/**
 * First match wins: single codes and narrow ranges come before the wider range they sit in. SIC's divisions in order
 * (A agriculture … I services); of the SEC's 444 codes all but 10 fall in a row with a sector (the test lists the 10).
 */
const SIC_SECTOR_RANGES: readonly SicRange[] = [
  // A. Agriculture, forestry, fishing: crops and livestock are food producers.
  [100, 999, STAPLES],
  // B. Mining: metals and minerals are Materials; coal, oil and gas Energy.
  [1000, 1199, MAT],
  [1200, 1399, ENERGY],
  [1400, 1499, MAT],
  // C. Construction: homebuilders (1520–1531) sell houses to households; contractors are Industrials.
  [1520, 1531, DISC],
  [1532, 1799, IND],
  // D. Manufacturing.
  [2000, 2099, STAPLES], // food and beverages
  [2100, 2199, STAPLES], // tobacco
  [2200, 2299, DISC], // textile mills
  [2300, 2399, DISC], // apparel
  [2400, 2499, MAT], // lumber and wood
  [2510, 2519, DISC], // household furniture
  [2520, 2599, IND], // office and public furniture, fixtures
  [2600, 2699, MAT], // paper and packaging
  [2700, 2739, COMM], // newspapers, periodicals, books: publishing
  [2740, 2799, IND], // printing, business forms
  [2833, 2836, HEALTH], // medicinal chemicals, pharmaceuticals, diagnostics, biologicals
  [2840, 2844, STAPLES], // soap, detergents, cosmetics
  [2800, 2899, MAT], // chemicals, paints, agricultural chemicals
  [2900, 2999, ENERGY], // petroleum refining
  [3000, 3029, DISC], // tires, rubber footwear
  [3030, 3099, MAT], // rubber and plastics products
  [3100, 3199, DISC], // leather goods, footwear
  [3357, 3357, IT], // drawing and insulating of nonferrous wire: fibre optics (Corning)
  [3200, 3399, MAT], // glass, cement, concrete, steel, aluminium, nonferrous metals
  [3410, 3412, MAT], // metal cans and drums
  [3413, 3499, IND], // fabricated metal products, ordnance
  [3533, 3533, ENERGY], // oil and gas field machinery
  [3570, 3579, IT], // computers, storage, peripherals
  [3500, 3599, IND], // machinery
  [3630, 3639, DISC], // household appliances
  [3650, 3652, DISC], // household audio and video, records
  [3660, 3699, IT], // communications equipment, semiconductors, electronic components
  [3600, 3649, IND], // electrical equipment, lighting
  [3711, 3711, DISC], // motor vehicles
  [3714, 3714, DISC], // motor vehicle parts
  [3716, 3716, DISC], // motor homes
  [3751, 3751, DISC], // motorcycles, bicycles
  [3700, 3799, IND], // trucks, aircraft, ships, rail equipment, missiles
  [3812, 3812, IND], // defence electronics
  [3821, 3821, HEALTH], // laboratory apparatus
  [3826, 3826, HEALTH], // laboratory analytical instruments
  [3840, 3851, HEALTH], // surgical, medical, dental, X-ray, electromedical, ophthalmic
  [3823, 3823, IND], // industrial process instruments
  [3820, 3829, IT], // instruments for measurement, testing and control
  [3860, 3879, DISC], // photographic equipment, watches
  [3900, 3999, DISC], // jewellery, musical instruments, toys, sporting goods
  // E. Transportation, communications, utilities.
  [4000, 4399, IND], // railroads, transit, trucking, warehousing
  [4400, 4400, DISC], // water transportation: cruise lines
  [4401, 4599, IND], // freight shipping, airlines, air couriers, airports
  [4600, 4699, ENERGY], // pipelines
  [4700, 4700, DISC], // transportation services: online travel agencies
  [4701, 4799, IND], // freight forwarding
  [4800, 4899, COMM], // telephone, wireless, broadcasting, cable
  [4922, 4923, ENERGY], // natural gas transmission: pipelines
  [4950, 4959, IND], // sanitary services, refuse, hazardous waste
  [4900, 4999, UTIL], // electric, gas, water, cogeneration
  // F. Wholesale trade.
  [5045, 5045, IT], // computers and software
  [5047, 5047, HEALTH], // medical, dental, hospital supplies
  [5000, 5099, IND], // durable goods: industrial distributors
  [5122, 5122, HEALTH], // drug wholesalers
  [5140, 5149, STAPLES], // groceries
  [5170, 5172, ENERGY], // petroleum
  [5180, 5182, STAPLES], // beer, wine, spirits
  [5100, 5199, IND], // other nondurables
  // G. Retail trade.
  [5331, 5331, STAPLES], // variety stores: Walmart, Target, dollar stores (GICS 2023)
  [5399, 5399, STAPLES], // warehouse clubs
  [5400, 5499, STAPLES], // food stores
  [5912, 5912, STAPLES], // drug stores
  [5200, 5999, DISC], // everything else retail, restaurants, online retail
  // H. Finance, insurance, real estate.
  [6324, 6324, HEALTH], // hospital and medical service plans: health insurers
  [6500, 6599, RE], // real estate operators, lessors, agents, developers
  [6770, 6770, null], // blank checks: no business yet
  [6792, 6792, ENERGY], // oil royalty traders
  [6795, 6795, MAT], // mineral royalty traders
  [6794, 6794, null], // patent owners and lessors: franchisors, licensors of anything
  [6798, 6798, RE], // real estate investment trusts
  [6000, 6799, FIN], // banks, credit, brokers, asset managers, insurers
  // I. Services.
  [7000, 7099, DISC], // hotels
  [7200, 7299, DISC], // personal services
  [7310, 7319, COMM], // advertising
  [7320, 7320, FIN], // credit reporting and ratings (S&P Global, Moody's)
  [7370, 7370, COMM], // computer programming, data processing: internet platforms (Alphabet, Meta)
  [7374, 7374, IND], // computer processing: payroll and data processors (ADP, Verisk)
  [7370, 7379, IT], // programming, prepackaged software, systems design
  [7389, 7389, FIN], // business services, NEC: payment networks (GICS 2023)
  [7300, 7399, IND], // credit reporting, staffing, rental, security, business services
  [7510, 7519, IND], // truck and car rental and leasing
  [7500, 7549, DISC], // automotive repair and services
  [7600, 7699, IND], // repair services
  [7800, 7899, COMM], // motion pictures, video
  [7900, 7999, DISC], // amusement, casinos, recreation
  [8000, 8099, HEALTH], // health services: doctors, hospitals, labs, nursing
  [8731, 8731, HEALTH], // commercial physical and biological research
  [8734, 8734, IND], // testing laboratories
  [8100, 8199, IND], // legal services
  [8200, 8299, DISC], // education
  [8700, 8799, IND], // engineering, accounting, management consulting
  // J. Public administration, ADRs, foreign governments, non-operating: no sector.
];

/** A SIC code as EDGAR writes it: four digits ("0100" for agriculture). */
const isSicCode = (sic: string): boolean => /^\d{4}$/.test(sic);

/** The GICS sector of a SIC code, or null: unknown, or a code SIC cannot place (blank checks, ADRs, non-operating). */
export function mapSicToSector(sic: string | null | undefined): GicsSector | null {
  if (!sic || !isSicCode(sic.trim())) return null;
  const code = Number(sic.trim());
  for (const [from, to, sector] of SIC_SECTOR_RANGES) if (code >= from && code <= to) return sector;
  return null;
}
