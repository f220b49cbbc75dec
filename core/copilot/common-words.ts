/**
 * Words of ordinary questions that are also tickers (ALL, NOW, IT, ON, KEY…) or close to a company's name
 * (would → World): typed in lower case they are read as words, never as a symbol or a misspelt name.
 * A ticker typed in capitals ("NOW"), or as a cashtag ("$ALL"), still counts.
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against ago all also am an and any anything are as at average away back bad be been before being below best better big
  bigger biggest bit both but buy by can cheap cheaper cheapest compare compared comparison could current currently day days did do does doing done down
  each earn earned earning else end ever every expensive fair fall fell few find first for from gain gained get give go going good got great had has have
  he her here high higher highest him his hold how i if in into is it its just know last latest least less let like look lost low lower lowest made make
  many may me mean means meaning more most move moved much my near need new next no not now of off old on once one only or other our out over own past
  per please price pricey quarter rate rating real rise risen rose safe same say says see sell she should show signal since so some still stock stocks such
  take tell than that the their them then there these they thing think this those three through to today too top two under up us use value versus very
  vs want was way we week weeks well were what whats when where which while who why will with worth would year years yet you your month months
  define definition explain explained calculate calculated formula work works working term compute computed computes
  company companies share shares market markets fund funds etf etfs index performance perform performed return returns change changed trend trending
  bullish bearish technical technicals signals overvalued undervalued valuation valued upside downside intrinsic dcf analysis analyst answer question
  right left sure true false yes okay ok hi hello thanks thank help can't don't isn't doesn't didn't won't how's what's it's
  score scores ratio ratios growth cash flow free net gross margin yield dividend debt equity beta drawdown volatility support resistance
  against between among lately recently recent long short term since today yesterday tomorrow open close closed trade trading traded
  target key gap ball block square snap match fast kind mind progressive general best`
    .split(/\s+/)
    .filter(Boolean),
);

/** Names people use for a company that its listed name does not contain. Only used when the symbol is in the directory. */
export const COMPANY_ALIASES: ReadonlyArray<[phrase: string, symbol: string]> = [
  ['google', 'GOOGL'],
  ['alphabet', 'GOOGL'],
  ['facebook', 'META'],
  ['coke', 'KO'],
  ['coca cola', 'KO'],
  ['pepsi', 'PEP'],
  ['berkshire', 'BRK.B'],
  ['berkshire hathaway', 'BRK.B'],
  ['jp morgan', 'JPM'],
  ['jpmorgan', 'JPM'],
  ['j and j', 'JNJ'],
  ['johnson and johnson', 'JNJ'],
  ['p and g', 'PG'],
  ['procter and gamble', 'PG'],
  ['exxon', 'XOM'],
  ['mcdonalds', 'MCD'],
  ['amazon', 'AMZN'],
  ['nvidia', 'NVDA'],
  ['tesla', 'TSLA'],
  ['netflix', 'NFLX'],
  ['disney', 'DIS'],
  ['walmart', 'WMT'],
  ['costco', 'COST'],
  ['home depot', 'HD'],
  ['intel', 'INTC'],
  ['ibm', 'IBM'],
  ['t mobile', 'TMUS'],
  ['tmobile', 'TMUS'],
  ['s and p 500', 'SPY'],
  ['the s and p', 'SPY'],
  ['nasdaq 100', 'QQQ'],
  ['nasdaq', 'QQQ'],
  ['stock market', 'SPY'],
  ['the market', 'SPY'],
];

/** Words at the end of a listed name that nobody says ("Apple Inc." is "apple"). */
export const NAME_SUFFIXES: ReadonlySet<string> = new Set(
  'inc incorporated corp corporation co company ltd limited plc sa nv ag se lp llc holdings holding group class a b c common stock ordinary shares share ads adr the new us'.split(
    ' ',
  ),
);

/** First words shared by too many listed names to stand for one company on their own ("american", "first"). */
export const GENERIC_NAME_WORDS: ReadonlySet<string> = new Set(
  `american america first united national international global general north south east west western eastern northern southern central pacific atlantic
  bank banc bancorp capital energy financial health healthcare royal great china us usa community digital advanced applied blue green golden silver main
  star sun world new old federal mid west trust investment investors income realty real estate technologies technology tech systems solutions services
  resources industries partners acquisition acquisitions therapeutics pharmaceuticals pharma bio medical life insurance mutual select strategic premier
  ishares spdr vanguard invesco schwab fidelity proshares direxion wisdomtree global x first`
    .split(/\s+/)
    .filter(Boolean),
);
