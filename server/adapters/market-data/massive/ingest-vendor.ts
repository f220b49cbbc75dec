import type { IngestRefusal, Validated } from '../../../../core/market/ingest-validation.ts';
import type { IngestVendor, VendorDay } from '../types.ts';
import type { MassiveClient } from './index.ts';

/** A refusal of the answer as a whole names the request ("grouped 2026-07-06"), not a symbol. */
const wholeAnswer = (key: string, refused: readonly IngestRefusal[]) => refused.find((r) => r.key === key)?.reason ?? null;

const toDay = <T>(v: Validated<T>, key: string): VendorDay<T> => {
  const whole = wholeAnswer(key, v.refused);
  return { accepted: whole ? [] : v.accepted, refused: v.refused, wholeAnswerRefused: whole };
};

/**
 * Massive as the ingestion's vendor: one grouped-daily call for the whole market's bars of a day, and the day's
 * splits and dividends from the reference endpoints (asked from the day, kept for the day).
 */
export function createMassiveIngestVendor(client: MassiveClient): IngestVendor {
  return {
    id: 'massive',
    async fetchDailyBars(day, context) {
      return toDay(await client.fetchGroupedDaily(day, context), `grouped ${day}`);
    },
    async fetchCorporateActions(day) {
      const [splits, dividends] = await Promise.all([client.fetchSplits(day), client.fetchDividends(day)]);
      return {
        splits: { accepted: splits.accepted.filter((s) => s.date === day), refused: splits.refused, wholeAnswerRefused: null },
        dividends: { accepted: dividends.accepted.filter((d) => d.ex_date === day), refused: dividends.refused, wholeAnswerRefused: null },
      };
    },
  };
}
