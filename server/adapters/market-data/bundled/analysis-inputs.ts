import { join } from 'node:path';
import type { AnalysisInputs } from '../../../../core/analysis/analysis-types.ts';
import { cutRecords } from '../../../../core/analysis/fundamentals/dividend-history.ts';
import type { SectorTable } from '../../../../core/analysis/fundamentals/sector-grades.ts';
import { findAppRoot } from '../../../lib/app-root.ts';
import { type BundledProvider, createBundledProvider } from './index.ts';

/**
 * Every input an analysis may read, from the bundled snapshot: for tests and benchmarks of the pure
 * builders on real data (the feature loads only what a kind requires). `asOf` defaults to the last bar.
 */
async function loadBundledAnalysisInputs(
  provider: BundledProvider,
  sectorTable: SectorTable | null,
  symbol: string,
  opts: { asOf?: string; compareEtf?: string } = {},
): Promise<AnalysisInputs> {
  const profile = await provider.getProfile!(symbol);
  if (!profile) throw new Error(`no profile for ${symbol}`);
  const history = await provider.getHistory!(symbol, 'max');
  const benchmark = await provider.getHistory!('SPY', 'max');
  const quote = await provider.getQuote!(symbol);
  const lastBar = history?.bars.at(-1)?.date;
  if (!lastBar) throw new Error(`no prices for ${symbol}`);
  const asOf = opts.asOf ?? lastBar;
  return {
    symbol,
    asOf,
    profile,
    quote,
    daily: history?.interval === '1d' ? history : null,
    monthly: history?.interval === '1mo' ? history : null,
    benchmark,
    fundamentals: await provider.getFundamentals!(symbol),
    etf: await provider.getEtfInfo!(symbol),
    compareEtf: opts.compareEtf ? await provider.getEtfInfo!(opts.compareEtf) : null,
    dividends: (await provider.getDividends!(symbol)) ?? [],
    dividendRecords: cutRecords(await provider.getDividendRecords!(symbol), asOf),
    sectorTable,
  };
}

/** The snapshot in `<app root>/data`, opened once: `load(symbol)` gives a symbol's analysis inputs. */
export function openBundledAnalysisData(dataDir = join(findAppRoot(), 'data')) {
  const provider = createBundledProvider(dataDir);
  return {
    provider,
    // The provider's own getter, the one the analyses feature uses (read once, then cached by the store).
    load: async (symbol: string, opts: { asOf?: string; compareEtf?: string } = {}) =>
      loadBundledAnalysisInputs(provider, await provider.getSectorTable(), symbol, opts),
  };
}
