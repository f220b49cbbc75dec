import { type FactBasis, findFactDefinition } from '../facts/catalogue.ts';
import { metrics } from './metric-catalog.ts';
/**
 * What the terms on our pages mean, in plain words, with the formula the app itself uses (taken from the
 * engines in core/analysis; the file is named so the answer can say where to look). Answers "what is X".
 */
export interface GlossaryTerm {
  id: string;
  name: string;
  /** Other ways people ask for it; the name counts too. */
  aliases: readonly string[];
  definition: string;
  formula: string;
  /** The engine that computes it. */
  source: string;
}

export const glossary: readonly GlossaryTerm[] = [
  // Valuation
  {
    id: 'pe',
    name: 'P/E (price-to-earnings)',
    aliases: ['p e', 'pe', 'pe ratio', 'p e ratio', 'price to earnings', 'price earnings', 'earnings multiple'],
    definition: 'How many dollars investors pay for one dollar of yearly profit. High means the market expects growth (or the profit is temporarily low).',
    formula:
      'P/E = price ÷ diluted EPS over the trailing twelve months (the last 4 quarters, or the last annual report plus the interim quarters since). No P/E when EPS is zero or negative.',
    source: 'core/analysis/fundamentals/valuation-ratios.ts',
  },
  {
    id: 'peg',
    name: 'PEG ratio',
    aliases: ['peg', 'peg ratio', 'price earnings to growth'],
    definition: 'The P/E set against how fast earnings grow, so a fast grower is not called expensive for its P/E alone.',
    formula:
      'PEG = P/E ÷ EPS growth in percent a year. We show both parts (P/E and the 5-year EPS CAGR) rather than the quotient, which means nothing when growth is near zero or negative.',
    source: 'core/analysis/fundamentals/valuation-ratios.ts, growth-ratios.ts',
  },
  {
    id: 'price_sales',
    name: 'Price / sales',
    aliases: ['price to sales', 'p s', 'price sales', 'ps ratio'],
    definition: 'What the market pays for each dollar of revenue; useful when there is no profit to put a P/E on.',
    formula: 'P/S = market capitalisation ÷ revenue of the latest fiscal year.',
    source: 'core/analysis/fundamentals/valuation-ratios.ts',
  },
  {
    id: 'price_book',
    name: 'Price / book',
    aliases: ['price to book', 'p b', 'price book', 'pb ratio', 'book value'],
    definition: 'Market value against the accounting value of the shareholders’ equity.',
    formula: 'P/B = market capitalisation ÷ year-end equity attributable to the parent. Not computed when equity is zero or negative.',
    source: 'core/analysis/fundamentals/valuation-ratios.ts',
  },
  {
    id: 'ev_ebitda',
    name: 'EV/EBITDA',
    aliases: ['ev ebitda', 'ev to ebitda', 'enterprise value to ebitda', 'ev sales', 'ev to sales', 'ebitda multiple'],
    definition:
      'The price of the whole business, debt included, against its operating earnings before depreciation; comparable across companies with different debt.',
    formula: 'EV/EBITDA = enterprise value ÷ EBITDA (EV/sales divides by revenue instead). No figure when EBITDA ≤ 0.',
    source: 'core/analysis/fundamentals/valuation-ratios.ts',
  },
  {
    id: 'enterprise_value',
    name: 'Enterprise value (EV)',
    aliases: ['enterprise value', 'ev'],
    definition: 'What buying the whole company would cost: its shares plus its debts, less the cash that comes with it.',
    formula: 'EV = market capitalisation + total debt + non-controlling interests − cash and short-term investments.',
    source: 'core/analysis/fundamentals/valuation-ratios.ts',
  },
  {
    id: 'market_cap',
    name: 'Market capitalisation',
    aliases: ['market cap', 'market capitalisation', 'market capitalization', 'market value', 'mkt cap'],
    definition: 'What all the company’s shares are worth at today’s price.',
    formula: 'Market cap = price × latest diluted share count.',
    source: 'core/analysis/runs/company.ts',
  },
  {
    id: 'fcf_yield',
    name: 'Free cash flow yield',
    aliases: ['fcf yield', 'free cash flow yield', 'cash flow yield'],
    definition: 'The free cash the business produced in a year as a share of what the market charges for it.',
    formula: 'FCF yield = free cash flow of the latest fiscal year ÷ market capitalisation (negative when FCF is).',
    source: 'core/analysis/fundamentals/valuation-ratios.ts',
  },
  {
    id: 'dividend_yield',
    name: 'Dividend yield',
    aliases: ['dividend yield', 'div yield', 'yield', 'dividend'],
    definition: 'The dividends a share pays in a year as a share of its price.',
    formula:
      'Dividend yield = dividends per share declared in the latest fiscal year ÷ price; where filings do not tag dividends per share, the dividends that went ex in the last twelve months ÷ price. For an ETF: trailing twelve months of distributions ÷ price, else the reported yield.',
    source: 'core/analysis/fundamentals/dividend-ratios.ts, core/analysis/etf/costs-and-yield.ts',
  },
  {
    id: 'yield_on_cost',
    name: 'Yield on cost',
    aliases: ['yield on cost', 'yoc'],
    definition: 'The dividend you receive today as a share of what you originally paid for the shares, rather than of today’s price.',
    formula:
      'Yield on cost = annual dividends per share ÷ your purchase price per share. We do not know your purchase price, so we show the dividend yield at today’s price.',
    source: 'core/analysis/fundamentals/dividend-ratios.ts',
  },
  {
    id: 'payout_ratio',
    name: 'Payout ratio',
    aliases: ['payout', 'payout ratio', 'earnings payout', 'fcf payout', 'dividend payout', 'cash payout'],
    definition: 'How much of the profit (or of the free cash flow) goes out as dividends; close to or above all of it leaves little room.',
    formula: 'Earnings payout = dividends paid ÷ net income; FCF payout = dividends paid ÷ free cash flow (no figure for a loss or negative FCF).',
    source: 'core/analysis/fundamentals/dividend-ratios.ts',
  },
  // Profitability
  {
    id: 'margins',
    name: 'Margins (gross, operating, net, FCF)',
    aliases: ['margin', 'margins', 'gross margin', 'operating margin', 'net margin', 'profit margin', 'fcf margin', 'ebit margin'],
    definition:
      'How much of each dollar of revenue is left at each stage: after the cost of goods (gross), after running the business (operating), after everything (net), or as free cash (FCF).',
    formula: 'Margin = the line (gross profit, operating income, net income or free cash flow) ÷ revenue of the same fiscal year. No figure when revenue ≤ 0.',
    source: 'core/analysis/fundamentals/profitability-ratios.ts',
  },
  {
    id: 'roe',
    name: 'Return on equity (ROE)',
    aliases: ['roe', 'return on equity'],
    definition: 'Profit earned on the shareholders’ money in the business.',
    formula: 'ROE = net income ÷ year-end equity attributable to the parent (no figure when equity ≤ 0).',
    source: 'core/analysis/fundamentals/profitability-ratios.ts',
  },
  {
    id: 'roa',
    name: 'Return on assets (ROA)',
    aliases: ['roa', 'return on assets'],
    definition: 'Profit earned on everything the company owns, however it is financed.',
    formula: 'ROA = net income ÷ year-end total assets.',
    source: 'core/analysis/fundamentals/profitability-ratios.ts',
  },
  {
    id: 'roic',
    name: 'Return on invested capital (ROIC)',
    aliases: ['roic', 'return on invested capital', 'return on capital', 'nopat'],
    definition: 'The after-tax operating profit earned on the capital lenders and shareholders put in; above the cost of capital, growth creates value.',
    formula:
      'ROIC = NOPAT ÷ invested capital; NOPAT = operating income × (1 − tax rate, the effective rate when between 0 and 50 %, else the 21 % statutory rate); invested capital = total debt + equity + non-controlling interests − cash and short-term investments.',
    source: 'core/analysis/fundamentals/profitability-ratios.ts',
  },
  {
    id: 'asset_turnover',
    name: 'Asset turnover',
    aliases: ['asset turnover'],
    definition: 'How much revenue each dollar of assets brings in.',
    formula: 'Asset turnover = revenue ÷ year-end total assets.',
    source: 'core/analysis/fundamentals/profitability-ratios.ts',
  },
  {
    id: 'ebitda',
    name: 'EBITDA',
    aliases: ['ebitda'],
    definition: 'Earnings before interest, taxes, depreciation and amortisation: operating profit before the non-cash cost of wearing out assets.',
    formula: 'EBITDA = operating income + depreciation and amortisation, when the filing does not report it.',
    source: 'core/analysis/fundamentals/valuation-ratios.ts',
  },
  {
    id: 'fcf',
    name: 'Free cash flow (FCF)',
    aliases: ['fcf', 'free cash flow', 'cash flow'],
    definition: 'The cash the business generates after paying for the investment that keeps it going: what could go to shareholders and lenders.',
    formula: 'FCF = operating cash flow − capital expenditure (the reported figure when the filing gives one).',
    source: 'core/analysis/financials.ts',
  },
  {
    id: 'eps',
    name: 'Earnings per share (EPS)',
    aliases: ['eps', 'earnings per share'],
    definition: 'The profit attributable to one share.',
    formula: 'Diluted EPS = net income ÷ diluted weighted shares, split-adjusted; the P/E uses the trailing twelve months.',
    source: 'core/analysis/fundamentals/trailing-twelve-months.ts',
  },
  {
    id: 'ttm',
    name: 'Trailing twelve months (TTM)',
    aliases: ['ttm', 'trailing twelve months', 'trailing'],
    definition: 'The most recent year of results, whatever the fiscal calendar, instead of the last full fiscal year.',
    formula: 'TTM flow = sum of the last 4 quarters, or the last annual figure + this year’s interim quarters − last year’s same quarters.',
    source: 'core/analysis/fundamentals/trailing-twelve-months.ts',
  },
  // Growth
  {
    id: 'cagr',
    name: 'CAGR (compound annual growth rate)',
    aliases: ['cagr', 'compound annual growth rate', 'revenue growth', 'eps growth', 'earnings growth', 'growth rate'],
    definition: 'The steady yearly growth rate that would take a figure from where it was to where it is.',
    formula:
      'CAGR = (latest ÷ value N fiscal years earlier)^(1 ÷ N) − 1; we show 3 and 5 years for revenue, EPS and FCF, and the 1-year change. Both years must be in the data.',
    source: 'core/analysis/fundamentals/growth-ratios.ts',
  },
  {
    id: 'share_count_change',
    name: 'Share count change (buybacks and dilution)',
    aliases: ['share count change', 'buybacks', 'buyback', 'dilution', 'share count'],
    definition: 'Whether the company is shrinking its share count (buying back) or issuing shares (diluting you).',
    formula: 'Change = diluted shares this fiscal year ÷ diluted shares the year before − 1 (split-adjusted, so a split is not a change).',
    source: 'core/analysis/fundamentals/growth-ratios.ts',
  },
  // Financial health
  {
    id: 'current_ratio',
    name: 'Current ratio',
    aliases: ['current ratio', 'liquidity'],
    definition: 'Whether the assets that turn into cash within a year cover the bills due within a year.',
    formula: 'Current ratio = current assets ÷ current liabilities (not shown for banks and insurers).',
    source: 'core/analysis/fundamentals/health-ratios.ts',
  },
  {
    id: 'quick_ratio',
    name: 'Quick ratio',
    aliases: ['quick ratio', 'acid test'],
    definition: 'A stricter current ratio: only cash and what turns into cash quickly, no inventory.',
    formula: 'Quick ratio = (cash + short-term investments + receivables) ÷ current liabilities.',
    source: 'core/analysis/fundamentals/health-ratios.ts',
  },
  {
    id: 'debt_to_equity',
    name: 'Debt / equity',
    aliases: ['debt to equity', 'debt equity', 'd e', 'leverage', 'gearing'],
    definition: 'How much the company borrows for each dollar of shareholders’ equity.',
    formula: 'D/E = total debt ÷ year-end equity attributable to the parent (no figure when equity ≤ 0).',
    source: 'core/analysis/fundamentals/health-ratios.ts',
  },
  {
    id: 'net_debt_to_ebitda',
    name: 'Net debt / EBITDA',
    aliases: ['net debt to ebitda', 'net debt ebitda', 'net debt'],
    definition: 'How many years of operating earnings it would take to pay off the debt net of cash; negative means more cash than debt.',
    formula: 'Net debt / EBITDA = (total debt − cash − short-term investments) ÷ EBITDA.',
    source: 'core/analysis/fundamentals/health-ratios.ts',
  },
  {
    id: 'interest_cover',
    name: 'Interest cover',
    aliases: ['interest cover', 'interest coverage', 'times interest earned'],
    definition: 'How many times over operating profit pays the interest bill.',
    formula: 'Interest cover = operating income ÷ interest expense.',
    source: 'core/analysis/fundamentals/health-ratios.ts',
  },
  // Scores
  {
    id: 'piotroski',
    name: 'Piotroski F-score',
    aliases: ['piotroski', 'piotroski score', 'f score', 'fscore', 'piotroski f score'],
    definition: '9 yes/no tests of profitability, balance-sheet strength and efficiency; a high score means the fundamentals improved over the year.',
    formula:
      'One point each for: ROA > 0; operating cash flow > 0; ROA rose; operating cash flow / assets > ROA; long-term debt / assets fell; current ratio rose; no new shares; gross margin rose; asset turnover rose. Score 0–9 (Piotroski 2000).',
    source: 'core/analysis/fundamentals/piotroski.ts',
  },
  {
    id: 'altman',
    name: 'Altman Z-score',
    aliases: ['altman', 'altman z', 'z score', 'zscore', 'altman score', 'bankruptcy risk'],
    definition: 'A weighted mix of five balance-sheet and earnings ratios that flags the risk of financial distress.',
    formula:
      'Manufacturers: Z = 1.2·X1 + 1.4·X2 + 3.3·X3 + 0.6·X4 + 1.0·X5 (safe above 2.99, distress below 1.81). Others: Z″ = 6.56·X1 + 3.26·X2 + 6.72·X3 + 1.05·X4 (safe above 2.60, distress below 1.10). X1 working capital / assets, X2 retained earnings / assets, X3 EBIT / assets, X4 equity / liabilities, X5 sales / assets. Not for banks or insurers.',
    source: 'core/analysis/fundamentals/altman.ts',
  },
  {
    id: 'beneish',
    name: 'Beneish M-score',
    aliases: ['beneish', 'm score', 'mscore', 'beneish score', 'earnings manipulation'],
    definition: '8 ratios that together flag a company whose reported earnings may be inflated; higher is more suspicious.',
    formula:
      'M = −4.84 + 0.920·DSRI + 0.528·GMI + 0.404·AQI + 0.892·SGI + 0.115·DEPI − 0.172·SGAI + 4.679·TATA − 0.327·LVGI, each index this year against last (Beneish 1999).',
    source: 'core/analysis/fundamentals/beneish.ts',
  },
  {
    id: 'sloan',
    name: 'Sloan accrual ratio',
    aliases: ['sloan', 'sloan ratio', 'accruals', 'accrual ratio', 'earnings quality'],
    definition: 'How much of the profit is not backed by cash; large accruals either way mean earnings and cash diverge.',
    formula:
      'Sloan ratio = (net income − operating cash flow) ÷ average total assets; up to 10 % in size is safe, up to 25 % a warning, beyond that danger (Sloan 1996).',
    source: 'core/analysis/fundamentals/sloan-accruals.ts',
  },
  {
    id: 'dividend_safety',
    name: 'Dividend safety score',
    aliases: ['dividend safety', 'dividend safety score', 'safety score'],
    definition: 'How well the dividend is covered and how steady the company behind it is, on a 0–100 scale.',
    formula:
      'Weighted points: payout 30 (full at 40 % of earnings, none at 100 %), FCF cover 25 (full at 2×, none at 1×), leverage 15 (net debt / EBITDA: full at 1, none at 4), streak of years without a cut 15 (full at 10), earnings stability 15; rescaled to 100 over the parts that could be measured.',
    source: 'core/analysis/fundamentals/dividend-safety.ts',
  },
  {
    id: 'grades',
    name: 'Sector grades (A–F)',
    aliases: ['grades', 'grade', 'sector grades', 'value grade', 'growth grade', 'momentum grade'],
    definition: 'Where a company ranks against its GICS sector on value, growth, profitability, financial health and momentum.',
    formula:
      'Category score = mean of its metrics’ percentiles in the sector (mid-rank: share of peers below + half the ties); A at 80 and above, B 60, C 40, D 20, else F; a metric needs at least 5 peers.',
    source: 'core/analysis/fundamentals/sector-grades.ts',
  },
  // Technicals
  {
    id: 'rsi',
    name: 'RSI (Relative Strength Index)',
    aliases: ['rsi', 'relative strength', 'relative strength index'],
    definition: 'A 0–100 gauge of recent gains against recent losses; readings above 70 are usually called overbought, below 30 oversold.',
    formula:
      'RSI = 100 − 100 ÷ (1 + average gain ÷ average loss) over 14 days, both averages Wilder-smoothed (alpha 1/14) from a plain mean of the first 14 changes.',
    source: 'core/analysis/indicators/rsi.ts',
  },
  {
    id: 'macd',
    name: 'MACD',
    aliases: ['macd', 'moving average convergence divergence'],
    definition: 'The gap between a fast and a slow average of the price, with a signal line; the gap crossing its signal is read as a change of momentum.',
    formula: 'MACD = EMA(12) − EMA(26) of the close; signal = EMA(9) of the MACD; histogram = MACD − signal.',
    source: 'core/analysis/indicators/macd.ts',
  },
  {
    id: 'sma',
    name: 'Simple moving average (SMA)',
    aliases: ['sma', 'simple moving average', 'moving average', 'moving averages', '50 day moving average', '200 day moving average'],
    definition: 'The average close over the last N days; the price above its 200-day average is the classic sign of an uptrend.',
    formula: 'SMA(N) = (close₁ + … + close_N) ÷ N; we show SMA 50 and SMA 200.',
    source: 'core/analysis/indicators/moving-averages.ts',
  },
  {
    id: 'ema',
    name: 'Exponential moving average (EMA)',
    aliases: ['ema', 'exponential moving average'],
    definition: 'A moving average that weighs recent closes more, so it turns sooner than the simple one.',
    formula: 'EMA_t = α·close_t + (1 − α)·EMA_t−1 with α = 2 ÷ (N + 1), seeded with the SMA of the first N closes; we show EMA 20.',
    source: 'core/analysis/indicators/moving-averages.ts',
  },
  {
    id: 'bollinger',
    name: 'Bollinger Bands',
    aliases: ['bollinger', 'bollinger bands', 'bollinger band'],
    definition: 'A band around the 20-day average that widens when the price swings more; closes outside it are unusual.',
    formula: 'Middle = SMA(20); upper and lower = SMA(20) ± 2 × the population standard deviation of the same 20 closes.',
    source: 'core/analysis/indicators/bollinger.ts',
  },
  {
    id: 'atr',
    name: 'ATR (Average True Range)',
    aliases: ['atr', 'average true range', 'true range'],
    definition: 'How far the price typically moves in a day, gaps included, in dollars.',
    formula: 'True range = max(high, previous close) − min(low, previous close); ATR = Wilder’s average of it over 14 days.',
    source: 'core/analysis/indicators/atr.ts',
  },
  {
    id: 'stochastic',
    name: 'Stochastic oscillator',
    aliases: ['stochastic', 'stochastics', 'stoch', 'stochastic oscillator'],
    definition: 'Where the close sits within the range of the last 14 days, 0 at the low and 100 at the high.',
    formula: 'Fast %K = 100 × (close − lowest low) ÷ (highest high − lowest low) over 14 days; %K = SMA(fast %K, 3); %D = SMA(%K, 3).',
    source: 'core/analysis/indicators/stochastic.ts',
  },
  {
    id: 'adx',
    name: 'ADX (Average Directional Index)',
    aliases: ['adx', 'average directional index', 'directional movement', 'dmi'],
    definition: 'How strong a trend is, whatever its direction; above 20 the market is usually called trending.',
    formula:
      'DX = 100 × |+DI − −DI| ÷ (+DI + −DI), with ±DI the Wilder-smoothed directional moves over the true range (14 days); ADX = Wilder’s average of DX.',
    source: 'core/analysis/indicators/adx.ts',
  },
  {
    id: 'technical_rating',
    name: 'Technical rating',
    aliases: ['technical rating', 'rating', 'technical signal', 'signal', 'technicals', 'strong buy', 'strong sell'],
    definition:
      'A summary of what 15 moving averages and 11 oscillators say about the last bar, each voting buy, neutral or sell. It describes the chart by fixed rules; it is not advice.',
    formula:
      'Each vote is +1, 0 or −1; each group scores the mean of its votes; overall = mean of the 2 group scores, from −1 to 1. Above 0.5 Strong Buy, above 0.1 Buy, −0.1 to 0.1 Neutral, below −0.1 Sell, below −0.5 Strong Sell.',
    source: 'core/analysis/technical-rating.ts',
  },
  {
    id: 'volatility',
    name: 'Volatility',
    aliases: ['volatility', 'volatile', 'annualised volatility', 'annualized volatility'],
    definition: 'How much the price swings from day to day, scaled to a year.',
    formula: 'Volatility = sample standard deviation of the last 252 daily log returns ln(close_t ÷ close_t−1) × √252.',
    source: 'core/analysis/indicators/volatility.ts',
  },
  {
    id: 'drawdown',
    name: 'Maximum drawdown',
    aliases: ['drawdown', 'max drawdown', 'maximum drawdown'],
    definition: 'The worst fall from a high to a later low over the period: the pain a holder would have sat through.',
    formula: 'Max drawdown = max over days t of 1 − close_t ÷ highest close up to t; we show it over the last year.',
    source: 'core/analysis/indicators/max-drawdown.ts',
  },
  {
    id: 'beta',
    name: 'Beta (and correlation)',
    aliases: ['beta', 'correlation'],
    definition: 'How much the stock tends to move when the market (SPY) moves: a beta of 1 moves with it, above 1 more, below 1 less.',
    formula:
      'Beta = covariance(stock, SPY) ÷ variance(SPY) of a year of daily returns on common dates; correlation = beta × √(var SPY ÷ var stock). The valuation uses its own beta: two years of weekly returns (five of monthly), Blume-adjusted (0.67 × beta + 0.33), averaged with the sector’s bottom-up beta and floored at 0.6.',
    source: 'core/analysis/indicators/beta-correlation.ts, core/analysis/valuation/beta.ts',
  },
  {
    id: 'support_resistance',
    name: 'Support and resistance',
    aliases: ['support', 'resistance', 'support and resistance', 'support level', 'resistance level'],
    definition: 'Price levels where the stock turned before: support below the price (buyers stepped in), resistance above (sellers did).',
    formula:
      'Swing highs and lows of the last year (5 bars each side) grouped into levels up to 1 % wide; level = mean price of its swing points; distance = level ÷ close − 1 (resistance) or 1 − level ÷ close (support).',
    source: 'core/analysis/indicators/support-resistance.ts',
  },
  // DCF
  {
    id: 'dcf',
    name: 'DCF (discounted cash flow) valuation',
    aliases: ['dcf', 'discounted cash flow', 'fair value', 'intrinsic value'],
    definition: 'What a business is worth today if you add up the free cash it will produce, each future dollar discounted for time and risk.',
    formula:
      '2 stages: FCF grows at the explicit rate for 5 years, fades linearly to terminal growth over 5 more; EV = Σ FCF_t ÷ (1 + WACC)^t + terminal value ÷ (1 + WACC)^T; per share = (EV − debt + cash − NCI) ÷ diluted shares. Upside = fair value ÷ price − 1.',
    source: 'core/analysis/dcf/two-stage.ts',
  },
  {
    id: 'wacc',
    name: 'WACC (weighted average cost of capital)',
    aliases: ['wacc', 'weighted average cost of capital', 'discount rate', 'cost of capital'],
    definition: 'The return lenders and shareholders together require; the DCF discounts future cash at this rate.',
    formula: 'WACC = E ÷ (E + D) × cost of equity + D ÷ (E + D) × cost of debt × (1 − tax rate); E = price × diluted shares, D = total debt at book.',
    source: 'core/analysis/dcf/wacc.ts',
  },
  {
    id: 'capm',
    name: 'CAPM (cost of equity)',
    aliases: ['capm', 'cost of equity', 'capital asset pricing model'],
    definition: 'The return shareholders require: the risk-free rate plus a premium for bearing market risk, scaled by beta.',
    formula:
      'Cost of equity = risk-free rate + beta × equity risk premium (shipped: 10-year Treasury 4.58 % of 2024-12-31, Damodaran’s implied ERP 4.33 %; a DCF uses the newest Treasury day stored and states the rate and day it used).',
    source: 'core/analysis/dcf/wacc.ts, core/analysis/dcf/assumptions.ts',
  },
  {
    id: 'terminal_value',
    name: 'Terminal value',
    aliases: ['terminal value', 'terminal growth', 'gordon growth', 'perpetuity growth'],
    definition: 'The value of all cash flows after the forecast years, assuming steady growth forever; often most of a DCF.',
    formula:
      'Terminal value = FCF_T × (1 + g) ÷ (WACC − g), with g = 2.5 % by default; refused when WACC − g is under 1.5 points; a warning when it is over 75 % of EV.',
    source: 'core/analysis/dcf/two-stage.ts, core/analysis/dcf/assumptions.ts',
  },
  {
    id: 'reverse_dcf',
    name: 'Reverse DCF (implied growth)',
    aliases: ['reverse dcf', 'implied growth', 'priced in', 'growth priced in'],
    definition: 'Turns the DCF around: the growth the current price already assumes.',
    formula: 'Implied growth = the explicit-years FCF growth g at which DCF value per share(g) = price, found by bisection between −50 % and +100 % a year.',
    source: 'core/analysis/dcf/reverse-dcf.ts',
  },
  // Funds
  {
    id: 'expense_ratio',
    name: 'Expense ratio',
    aliases: ['expense ratio', 'ter', 'fund fees', 'fees'],
    definition: 'What a fund charges each year, as a share of your money in it.',
    formula:
      'Cost shown = P × (1 + r)^n − P × ((1 + r)(1 − expense ratio))^n with P = $10,000, r = 5 % a year before fees, n = 10 years (the SEC fee-table example): the fees plus the growth they would have earned.',
    source: 'core/analysis/etf/costs-and-yield.ts',
  },
  {
    id: 'concentration',
    name: 'Concentration (HHI, effective holdings)',
    aliases: ['concentration', 'hhi', 'herfindahl', 'effective holdings', 'top 10 weight'],
    definition: 'How much of a fund rides on a few names.',
    formula:
      'HHI = Σ sᵢ² over holdings’ shares of the listed weight; effective number of holdings = 1 ÷ HHI; top-10 weight = the ten largest weights added up.',
    source: 'core/analysis/etf/concentration.ts',
  },
  {
    id: 'overlap',
    name: 'ETF overlap',
    aliases: ['overlap', 'etf overlap', 'fund overlap'],
    definition: 'How much a fund holds the same things as another fund, in the same proportions.',
    formula: 'Overlap = Σ over holdings in both funds of min(weight in A, weight in B).',
    source: 'core/analysis/etf/overlap.ts',
  },
  {
    id: 'tracking_difference',
    name: 'Tracking difference',
    aliases: ['tracking difference', 'tracking error'],
    definition: 'How far a fund’s return fell short of (or beat) its benchmark, mostly its fees and cash drag.',
    formula:
      'Tracking difference = fund’s annualised return − benchmark’s over the dates both traded; tracking error = standard deviation of the return differences, annualised.',
    source: 'core/analysis/etf/tracking-difference.ts',
  },
];

/** Lookup by id (the metric catalogue points at terms by id). */
export const getTerm = (id: string): GlossaryTerm | undefined => glossary.find((t) => t.id === id);

const UNIT_WORDS: Record<string, string> = {
  percent: 'a percentage',
  usd: 'dollars',
  usd_per_share: 'dollars a share',
  ratio: 'a ratio',
  times: 'a multiple',
  score: 'a score',
  count: 'a count',
  shares: 'shares',
  years: 'years',
  label: 'a label',
};
const BASIS_WORDS: Record<FactBasis, string> = {
  point_in_time: 'on the data day',
  trailing_12_months: 'over the trailing twelve months',
  fiscal_year: 'for the latest fiscal year',
  fiscal_years: 'across fiscal years',
  trailing_year: 'over a calendar window of closes',
  daily_bars: 'on daily bars',
  sector_peers: 'against sector peers',
  assumption: 'as a model assumption',
};

/**
 * How the figures a term explains appear on the pages: the fact catalogue's label, unit, period and
 * direction (core/facts/catalogue.ts), so the glossary names a figure as the facts table does. Null for a
 * term no figure carries (a concept such as "TTM").
 */
export function describeTermOnPages(termId: string): string | null {
  const keys = [...new Set(metrics.filter((m) => m.term === termId).flatMap((m) => m.keys))];
  const defs = keys.map((k) => findFactDefinition(k)).filter((d): d is NonNullable<typeof d> => d !== undefined && d.unit !== 'label');
  if (defs.length === 0) return null;
  const parts = defs.slice(0, 3).map((d) => {
    const better = d.direction === 'higher' ? '; higher is better' : d.direction === 'lower' ? '; lower is better' : '';
    return `${d.label} (${UNIT_WORDS[d.unit]}, ${BASIS_WORDS[d.basis]}${better})`;
  });
  return `On our pages: ${parts.join('; ')}.`;
}
