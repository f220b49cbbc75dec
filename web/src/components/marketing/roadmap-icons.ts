import { Calculator, Coins, FileSpreadsheet, KeyRound, type LucideIcon, SlidersHorizontal, Star, Target } from 'lucide-react';

/** Icons for the roadmap items, kept apart from the data so the data module has no React dependency. */
export const roadmapIcons: Record<string, LucideIcon> = {
  '/smart-watchlist': Star,
  '/smart-yield': Coins,
  '/dcf-stock-valuation': Calculator,
  '/advanced-fundamentals': FileSpreadsheet,
  '/advanced-market-screener': SlidersHorizontal,
  '/track-record': Target,
  '/api-docs': KeyRound,
};
