import type { MarketService } from '../features/market/index.ts';

/** Tests: the market as it stood when prices ended on `day`; a tick on the whole market then plays a refresh (a new data day). */
export function cutMarketAt(market: MarketService, day: string): MarketService {
  return {
    ...market,
    async getHistory(symbol, range) {
      const h = await market.getHistory(symbol, range);
      return { ...h, bars: h.bars.filter((b) => b.date <= day) };
    },
  };
}
