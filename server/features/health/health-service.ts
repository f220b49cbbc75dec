import type { DataFreshness } from '../../../core/market/freshness.ts';
import { countCalendarDays } from '../../../core/market/trading-calendar.ts';
import { DATASETS } from '../../../core/market/types.ts';
import type { Database } from '../../adapters/db/index.ts';
import type { ReadinessCheck } from '../../http/feature.ts';
import { listAppliedMigrations, pingDatabase } from './health-store.ts';

/** Prefix of the `describe()` keys that carry each dataset's as-of date (set by the market feature). */
const DATASET_KEY = 'data_as_of.';

interface HealthDeps {
  db: Database;
  /** Read per request so adapters added by later features show up. */
  describeAll: () => Record<string, string>;
  /** The market feature's view of how current the prices are (null until it is mounted). */
  readFreshness: () => DataFreshness | null;
  /** What this process does (ROLE) and the features whose jobs it started. */
  readProcess: () => { role: 'all' | 'web' | 'worker'; jobs: string[] };
  /** The migration files this build carries (names), read once at start. */
  listMigrationFiles: () => string[];
  /** Every feature's own readiness checks, read per request. */
  checkFeatures: () => Promise<ReadinessCheck[]>;
}

/** /api/health: the database's answer, each adapter and each dataset's as-of date, the uptime. */
export function createHealthService(deps: HealthDeps) {
  const startedAt = Date.now();
  return {
    async readHealth() {
      const dbOk = await pingDatabase(deps.db);
      const { data_as_of = null, ...described } = deps.describeAll();
      const adapters = Object.fromEntries(Object.entries(described).filter(([k]) => !k.startsWith(DATASET_KEY)));
      const datasets_as_of = Object.fromEntries(DATASETS.map((d) => [d, described[`${DATASET_KEY}${d}`] ?? null])) as Record<
        (typeof DATASETS)[number],
        string | null
      >;
      const data_freshness = deps.readFreshness();
      // Calendar days each dataset trails today (New York): filings and listings do not follow trading days.
      const datasets_age_days = Object.fromEntries(
        DATASETS.map((d) => [d, datasets_as_of[d] && data_freshness ? Math.max(0, countCalendarDays(datasets_as_of[d], data_freshness.today)) : null]),
      ) as Record<(typeof DATASETS)[number], number | null>;
      return {
        status: dbOk ? ('ok' as const) : ('degraded' as const),
        database: deps.db.kind,
        data_as_of,
        datasets_as_of,
        datasets_age_days,
        data_freshness,
        adapters,
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
        sandbox_payments: adapters.payments === 'sandbox',
        ...deps.readProcess(),
      };
    },
    /**
     * Readiness: every part this process needs is there — the database answers, it has applied every migration
     * this build carries, and each feature's own parts (sign-in's data, the market snapshot) load.
     */
    async checkReadiness() {
      const dbOk = await pingDatabase(deps.db);
      const applied = new Set(dbOk ? await listAppliedMigrations(deps.db) : []);
      const files = deps.listMigrationFiles();
      const pending = files.filter((f) => !applied.has(f));
      const checks: ReadinessCheck[] = [
        { part: 'database', ok: dbOk, detail: dbOk ? `${deps.db.kind} answers` : `${deps.db.kind} does not answer` },
        {
          part: 'migrations',
          ok: dbOk && files.length > 0 && pending.length === 0,
          detail:
            files.length === 0
              ? 'this build carries no migrations (server/db/migrations is missing)'
              : pending.length === 0
                ? `${files.length} of ${files.length} applied`
                : `${pending.length} of ${files.length} not applied: ${pending.join(', ')}`,
        },
        ...(await deps.checkFeatures()),
      ];
      return { ready: checks.every((c) => c.ok), role: deps.readProcess().role, checks };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
