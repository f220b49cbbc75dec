import { parseTreasuryParYieldCsv, type TreasuryParse } from '../../../../core/market/reference-data.ts';
import { UpstreamError } from '../http.ts';
import type { FetchLike } from '../types.ts';

export interface TreasuryClientOptions {
  fetch: FetchLike;
  /** `TREASURY_BASE_URL`: https://home.treasury.gov, or a local server in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

/** The US Treasury's public-domain rates: one call a calendar year of daily par yields. */
export interface TreasuryClient {
  readonly id: 'treasury';
  /** The year's daily par yield curve, checked whole (core/market/reference-data.ts). Transport failures throw. */
  fetchParYieldYear(year: number): Promise<TreasuryParse>;
}

/**
 * The Treasury's CSV of the "Daily Treasury Par Yield Curve Rates" for one year, the file its Interest Rate
 * Statistics page offers for download. No key and no licence: works of the US government are in the public domain.
 */
export function createTreasuryClient(options: TreasuryClientOptions): TreasuryClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    id: 'treasury',
    async fetchParYieldYear(year) {
      const url = `${base}/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/${year}/all?type=daily_treasury_yield_curve&field_tdr_date_value=${year}&page&_format=csv`;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const res = await options.fetch(url, { headers: { accept: 'text/csv' }, signal: controller.signal });
        if (!res.ok) return { ok: false, code: 'truncated_answer', reason: `the Treasury answered ${res.status} for ${year}` } as const;
        return parseTreasuryParYieldCsv(await res.text());
      } catch (e) {
        const host = new URL(url).host;
        throw new UpstreamError(
          controller.signal.aborted ? `${host} timed out after ${timeoutMs} ms` : `${host} unreachable: ${(e as Error).message}`,
          null,
          true,
        );
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
