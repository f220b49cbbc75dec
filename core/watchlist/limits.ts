import type { Tier } from '../tokens/tiers.ts';
import { formatCount } from '../text/plural.ts';

/** How many lists and symbols per list a tier may keep; null would be unlimited (no tier is). The server enforces these. */
export interface WatchlistLimit {
  lists: number | null;
  symbolsPerList: number | null;
}

export const watchlistLimits: Readonly<Record<Tier, WatchlistLimit>> = {
  Free: { lists: 1, symbolsPerList: 10 },
  Basic: { lists: 5, symbolsPerList: 50 },
  // A hard cap even on the top plan: one account's lists are read, scored and alert-checked as a whole,
  // so "unlimited" let one user grow every read and every alert tick without bound.
  Pro: { lists: 100, symbolsPerList: 500 },
};

/** The most lists one page of GET /api/watchlists holds (and its default): the highest plan's list cap, so an unpaged read still gets every list. */
export const MAX_WATCHLISTS_PAGE = 100;

/** Alerts one symbol of one list may carry, on every tier: enough for each kind twice, few enough to read. */
export const MAX_ALERTS_PER_SYMBOL = 10;
export const WATCHLIST_NAME_MAX = 60;

/** "1 list of 10 symbols", "5 lists of 50 symbols each", "unlimited lists and symbols": the plan copy and the limit messages. */
export function describeWatchlistLimit(limit: WatchlistLimit): string {
  if (limit.lists === null && limit.symbolsPerList === null) return 'unlimited lists and symbols';
  const lists = limit.lists === null ? 'unlimited lists' : `${formatCount(limit.lists, 'list')}`;
  const symbols = limit.symbolsPerList === null ? 'unlimited symbols' : `${limit.symbolsPerList} symbols`;
  return `${lists} of ${symbols}${limit.lists !== 1 ? ' each' : ''}`;
}

/** The cheapest tier above `tier` that raises `what`, or null on Pro: where the UI's upgrade path leads. */
export function findUpgradeFor(tier: Tier, what: keyof WatchlistLimit): Tier | null {
  const order: Tier[] = ['Free', 'Basic', 'Pro'];
  const current = watchlistLimits[tier][what];
  for (const t of order.slice(order.indexOf(tier) + 1)) {
    const next = watchlistLimits[t][what];
    if (next === null || (current !== null && next > current)) return t;
  }
  return null;
}
