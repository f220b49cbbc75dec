import { useQuery } from '@tanstack/react-query';
import type { HistoryRange } from '../../../../../core/market/ranges.ts';
import type { Coverage, EtfInfo, Fundamentals, PriceHistory, Profile, Quote, SearchHit, Served } from '../../../../../core/market/types.ts';
import { ApiError, apiFetch } from '../../../lib/api.ts';

export type { Coverage, EtfInfo, Fundamentals, PriceHistory, Profile, Quote, SearchHit, HistoryRange, Served };
export type QuoteResponse = Quote & Served;
export type HistoryResponse = PriceHistory & Served & { range: HistoryRange };
export type FundamentalsResponse = Fundamentals & Served;
export type ProfileResponse = Profile & Served & { coverage: Coverage; data_as_of: string };
export type EtfResponse = EtfInfo & Served;
export interface SearchResponse {
  query: string;
  results: SearchHit[];
  data_as_of: string;
}

export const DATA_AS_OF = '2026-07-02';

const enc = encodeURIComponent;
export const marketKeys = {
  search: (q: string, limit: number) => ['market', 'search', q, limit] as const,
  quote: (s: string) => ['market', 'quote', s] as const,
  history: (s: string, r: HistoryRange) => ['market', 'history', s, r] as const,
  fundamentals: (s: string) => ['market', 'fundamentals', s] as const,
  profile: (s: string) => ['market', 'profile', s] as const,
  etf: (s: string) => ['market', 'etf', s] as const,
};

/** 404s (unknown symbol, no data) are answers, not glitches: do not retry them. */
const retry = (count: number, e: unknown) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 1;

export const useMarketSearch = (q: string, limit = 8) =>
  useQuery({
    queryKey: marketKeys.search(q, limit),
    queryFn: ({ signal }) => apiFetch<SearchResponse>(`/api/market/search?q=${enc(q)}&limit=${limit}`, { signal }),
    enabled: q.trim().length > 0,
    staleTime: 5 * 60_000,
    placeholderData: (prev) => prev,
    retry,
  });

export const useQuote = (symbol: string, enabled = true) =>
  useQuery({ queryKey: marketKeys.quote(symbol), queryFn: ({ signal }) => apiFetch<QuoteResponse>(`/api/market/quote/${enc(symbol)}`, { signal }), staleTime: 60_000, enabled, retry });

export const useHistory = (symbol: string, range: HistoryRange, enabled = true) =>
  useQuery({
    queryKey: marketKeys.history(symbol, range),
    queryFn: ({ signal }) => apiFetch<HistoryResponse>(`/api/market/history/${enc(symbol)}?range=${range}`, { signal }),
    staleTime: 10 * 60_000,
    placeholderData: (prev) => prev,
    enabled,
    retry,
  });

export const useFundamentals = (symbol: string, enabled = true) =>
  useQuery({
    queryKey: marketKeys.fundamentals(symbol),
    queryFn: ({ signal }) => apiFetch<FundamentalsResponse>(`/api/market/fundamentals/${enc(symbol)}`, { signal }),
    staleTime: 30 * 60_000,
    enabled,
    retry,
  });

export const useProfile = (symbol: string) =>
  useQuery({ queryKey: marketKeys.profile(symbol), queryFn: ({ signal }) => apiFetch<ProfileResponse>(`/api/market/profile/${enc(symbol)}`, { signal }), staleTime: 30 * 60_000, retry });

export const useEtfInfo = (symbol: string, enabled = true) =>
  useQuery({ queryKey: marketKeys.etf(symbol), queryFn: ({ signal }) => apiFetch<EtfResponse>(`/api/market/etf/${enc(symbol)}`, { signal }), staleTime: 30 * 60_000, enabled, retry });
