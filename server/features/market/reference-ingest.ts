import { TREASURY_SOURCE } from '../../../core/market/reference-data.ts';
import { toNewYorkTime } from '../../../core/market/trading-calendar.ts';
import type { TreasuryClient } from '../../adapters/market-data/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ReferenceStore } from './reference-store.ts';

/** One cycle of the risk-free ingestion, printed by `npm run data:refresh` like a market day. */
export interface RiskFreeOutcome {
  dataset: 'risk_free';
  /** The newest day of the Treasury's answer (or today when it gave none). */
  day: string;
  outcome: 'stored' | 'already stored' | 'refused' | 'failed';
  stored: number;
  skipped: number;
  refused: number;
  detail: string | null;
}

interface ReferenceIngestDeps {
  store: ReferenceStore;
  treasury: TreasuryClient;
  now: () => Date;
  logger: Logger;
  /** After a new rate is stored: the read path forgets its cached pair. */
  onNewRate?: () => Promise<void>;
}

/**
 * The risk-free rate from the US Treasury's daily par yield curve (10-year), once a day. One call reads the current
 * year (and the previous one while nothing of the current year is stored: the first days of January, a first run);
 * the answer is checked whole — a cut answer or a rate outside 0–25 % is refused with its reason and nothing of it is
 * stored — and the new days are stored in one transaction. Re-running stores nothing new. Several processes may run
 * it at once: a day already stored is kept (`ON CONFLICT`), so no claim is needed.
 */
export function createReferenceIngest(deps: ReferenceIngestDeps) {
  return {
    async refreshRiskFree(): Promise<RiskFreeOutcome> {
      const today = toNewYorkTime(deps.now().getTime()).day;
      const year = Number(today.slice(0, 4));
      const newest = (await deps.store.readNewestRates()).riskFree;
      const years = newest && Number(newest.asOf.slice(0, 4)) === year ? [year] : [year - 1, year];
      const base = { dataset: 'risk_free' as const, day: today, stored: 0, skipped: 0, refused: 0 };
      const days: Array<{ day: string; bps: number }> = [];
      for (const y of years) {
        let answer: Awaited<ReturnType<TreasuryClient['fetchParYieldYear']>>;
        try {
          answer = await deps.treasury.fetchParYieldYear(y);
        } catch (e) {
          deps.logger.warn({ err: e, year: y }, 'risk-free ingest: the Treasury could not be reached; retried on the next cycle');
          return { ...base, outcome: 'failed', detail: (e as Error).message };
        }
        if (!answer.ok) {
          deps.logger.warn({ year: y, code: answer.code, reason: answer.reason }, 'risk-free ingest: answer refused, nothing stored');
          return { ...base, outcome: 'refused', refused: 1, detail: `${answer.code}: ${answer.reason}` };
        }
        const future = answer.days.find((d) => d.day > today);
        if (future) {
          const reason = `the answer has a yield for ${future.day}, after today (${today})`;
          deps.logger.warn({ year: y, reason }, 'risk-free ingest: answer refused, nothing stored');
          return { ...base, outcome: 'refused', refused: 1, detail: `bad_date: ${reason}` };
        }
        days.push(...answer.days.map((d) => ({ day: d.day, bps: d.tenYearBps })));
      }
      const stored = await deps.store.storeRiskFreeDays(days, TREASURY_SOURCE, deps.now());
      const day = days.at(-1)?.day ?? today;
      if (stored > 0) {
        await deps.onNewRate?.();
        deps.logger.info({ stored, newest: day }, 'risk-free ingest: new Treasury days stored');
      }
      return { ...base, day, outcome: stored > 0 ? 'stored' : 'already stored', stored, skipped: days.length - stored, detail: null };
    },
  };
}

export type ReferenceIngest = ReturnType<typeof createReferenceIngest>;
