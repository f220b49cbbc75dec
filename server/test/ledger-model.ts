import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { createTokensService } from '../features/tokens/tokens-service.ts';
import type { LedgerService } from '../features/tokens/ledger-types.ts';
import { isAppError } from '../lib/errors.ts';
import { createTestDatabase, describeEachDatabase } from './db.ts';
import { insertTestUser } from './users.ts';
import { LedgerOracle } from './ledger-oracle.ts';
import { createSeededScheduler } from './seeded-scheduler.ts';

/**
 * The ledger model test, run by ledger-model-250-random-sequences-*-seed.test.ts in four quarters of 250 runs (one file
 * each, so none nears a minute), each from its own fixed seed: the same 1000 sequences every run, and
 * a failure names its seed and path to replay. LEDGER_MODEL_SEED picks other sequences to explore with.
 *
 * Model test: random sequences of grant, purchase, hold, capture, release, expire, reset and tier change
 * run against the database ledger and the in-memory oracle; after every step both must hold the same
 * buckets, tier and period, no bucket is ever negative, and at the end Σ ledger = cached balances.
 *
 * Some steps run two or three grants, purchases, holds, captures and releases at once. Their statements
 * interleave in an order picked by a seeded scheduler (server/test/seeded-scheduler.ts), its seed drawn by
 * fast-check: a failing sequence replays with the same interleaving. The oracle then applies them in the
 * order they reached the database.
 */
const HOLD_TTL_MS = 3_600_000;
const DAY = 86_400_000;
const keyOf = (n: number) => `k${n}`;

type Op =
  | { t: 'grant'; mt: number }
  | { t: 'purchase'; mt: number; key: number }
  | { t: 'hold'; mt: number; key: number }
  | { t: 'capture'; key: number }
  | { t: 'release'; key: number }
  | { t: 'advance'; ms: number }
  | { t: 'expire' }
  | { t: 'reset' }
  | { t: 'tier'; to: 'Free' | 'Basic' | 'Pro' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('grant' as const), mt: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ t: fc.constant('purchase' as const), mt: fc.integer({ min: 1, max: 50_000 }), key: fc.integer({ min: 0, max: 3 }) }),
  {
    arbitrary: fc.record({
      t: fc.constant('hold' as const),
      mt: fc.oneof(fc.constantFrom(300, 500, 800, 1000, 1200), fc.integer({ min: 1, max: 15_000 })),
      key: fc.integer({ min: 0, max: 7 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ t: fc.constant('capture' as const), key: fc.integer({ min: 0, max: 7 }) }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('release' as const), key: fc.integer({ min: 0, max: 7 }) }), weight: 2 },
  fc.record({ t: fc.constant('advance' as const), ms: fc.oneof(fc.integer({ min: 0, max: 3 * HOLD_TTL_MS }), fc.integer({ min: DAY, max: 45 * DAY })) }),
  fc.record({ t: fc.constant('expire' as const) }),
  fc.record({ t: fc.constant('reset' as const) }),
  fc.record({ t: fc.constant('tier' as const), to: fc.constantFrom('Free' as const, 'Basic' as const, 'Pro' as const) }),
);

type ConcurrentOp = Extract<Op, { t: 'grant' | 'purchase' | 'hold' | 'capture' | 'release' }>;
/** Two or three ops at once, each on its own key (so none reads another's row), interleaved as `seed` decides. */
type Step = Op | { t: 'concurrent'; ops: ConcurrentOp[]; seed: number };

const concurrentOpArb = opArb.filter((o): o is ConcurrentOp => ['grant', 'purchase', 'hold', 'capture', 'release'].includes(o.t));
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: opArb, weight: 9 },
  {
    arbitrary: fc.record({
      t: fc.constant('concurrent' as const),
      ops: fc.uniqueArray(concurrentOpArb, {
        minLength: 2,
        maxLength: 3,
        // One op per hold key and per purchase key: a replayed hold reads its row after its first statement.
        selector: (o) => (o.t === 'purchase' ? `p${o.key}` : o.t === 'grant' ? `g${o.mt}` : `h${o.key}`),
      }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    }),
    weight: 2,
  },
);

const codeOf = (e: unknown) => (isAppError(e) ? e.code : `unexpected: ${String(e)}`);

export function describeLedgerModel(part: { seed: number; runs: number }) {
  const NUM_RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? part.runs);
  // LEDGER_MODEL_SEED shifts every part's seed alike: the four files still run four different sets of sequences.
  const seed = part.seed + Number(process.env.LEDGER_MODEL_SEED ?? 0);
  describeEachDatabase('ledger model vs in-memory oracle', (kind) => {
    let db: Database;
    let clock = 0;
    let ledger: LedgerService;
    // The same ledger on the same database, its statements ordered by the seeded scheduler (the concurrent steps).
    let scheduledLedger: LedgerService;
    const scheduler = createSeededScheduler();
    beforeAll(async () => {
      db = await createTestDatabase(kind);
      ledger = createTokensService(db, { now: () => new Date(clock), defaultHoldTtlMs: HOLD_TTL_MS });
      scheduledLedger = createTokensService(scheduler.wrap(db), { now: () => new Date(clock), defaultHoldTtlMs: HOLD_TTL_MS });
    });
    afterAll(async () => db?.close());

    it(`${NUM_RUNS} random sequences keep the database equal to the oracle`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
          clock = Date.UTC(2026, 0, 31, 10, 0, 0); // month end on purpose: Jan 31 → Feb 28 → Mar 31
          const { id: userId } = await insertTestUser(db);
          await ledger.openAccount(userId);
          const oracle = new LedgerOracle(clock);
          const holdIds = new Map<string, string>();

          /** The ledger call of a grant, purchase, hold, capture or release (null: a settle of a key never held). */
          const callLedger = (on: LedgerService, op: ConcurrentOp): (() => Promise<unknown>) | null => {
            switch (op.t) {
              case 'grant':
                return () => on.grantAllocation(userId, op.mt, { idempotencyKey: crypto.randomUUID(), actor: 'model' });
              case 'purchase':
                return () => on.creditPurchase(userId, { amountMt: op.mt, idempotencyKey: keyOf(op.key), actor: 'model' });
              case 'hold':
                return () => on.hold(userId, op.mt, keyOf(op.key));
              case 'capture':
              case 'release': {
                const id = holdIds.get(keyOf(op.key));
                return id ? () => on[op.t](userId, id) : null;
              }
            }
          };
          /** Applies the op to the oracle and checks the ledger's outcome against it. */
          const checkOutcome = (op: ConcurrentOp, outcome: PromiseSettledResult<unknown>) => {
            const value = outcome.status === 'fulfilled' ? outcome.value : undefined;
            switch (op.t) {
              case 'grant':
                if (outcome.status === 'rejected') throw outcome.reason;
                oracle.grant(op.mt);
                break;
              case 'purchase': {
                if (outcome.status === 'rejected') throw outcome.reason;
                expect((value as { created: boolean }).created).toBe(oracle.purchase(op.mt, keyOf(op.key)));
                break;
              }
              case 'hold': {
                const expected = oracle.hold(op.mt, keyOf(op.key), clock, HOLD_TTL_MS);
                if (outcome.status === 'fulfilled') {
                  const h = value as Awaited<ReturnType<LedgerService['hold']>>;
                  expect(typeof expected).toBe('object');
                  if (typeof expected === 'object') {
                    expect([h.fromAllocationMt, h.fromPurchasedMt, h.status]).toEqual([expected.fromAllocationMt, expected.fromPurchasedMt, expected.status]);
                  }
                  holdIds.set(keyOf(op.key), h.id);
                } else {
                  expect(codeOf(outcome.reason)).toBe(expected === 'insufficient' ? 'INSUFFICIENT_TOKENS' : expected === 'conflict' ? 'CONFLICT' : 'no error');
                }
                break;
              }
              case 'capture':
              case 'release': {
                const status = op.t === 'capture' ? 'captured' : 'released';
                const expected = oracle.settle(keyOf(op.key), status);
                if (outcome.status === 'fulfilled') {
                  expect(expected).not.toBe('not_pending');
                  expect((value as { status: string }).status).toBe(status);
                } else {
                  expect(expected).toBe('not_pending');
                  expect(codeOf(outcome.reason)).toBe('HOLD_NOT_PENDING');
                }
                break;
              }
            }
          };
          const settle = (p: Promise<unknown>) =>
            p.then(
              (value): PromiseSettledResult<unknown> => ({ status: 'fulfilled', value }),
              (reason): PromiseSettledResult<unknown> => ({ status: 'rejected', reason }),
            );

          for (const op of steps) {
            switch (op.t) {
              case 'grant':
              case 'purchase':
              case 'hold':
              case 'capture':
              case 'release': {
                const call = callLedger(ledger, op);
                if (call) checkOutcome(op, await settle(call()));
                break;
              }
              case 'concurrent': {
                // The ops run at once; the scheduler's seed decides the order of their statements. Each op's
                // outcome is decided by its first statement (one statement or one transaction), so the oracle
                // replays the ops in the order their first steps ran.
                const calls = op.ops.map((o) => ({ o, call: callLedger(scheduledLedger, o) })).filter((c) => c.call !== null);
                const { results, steps: order } = await scheduler.run(
                  calls.map((c) => c.call!),
                  op.seed,
                );
                const firstSteps = [...new Set(order)];
                expect(firstSteps.length).toBe(calls.length);
                for (const i of firstSteps) checkOutcome(calls[i]!.o, results[i]!);
                break;
              }
              case 'advance':
                clock += op.ms;
                break;
              case 'expire':
                expect(await ledger.expireStaleHolds({ userId })).toBe(oracle.expireStale(clock));
                break;
              case 'reset':
                expect(await ledger.runMonthlyResets({ userId })).toBe(oracle.reset(clock) ? 1 : 0);
                break;
              case 'tier':
                await ledger.changeTier(userId, op.to, { actor: 'model' });
                oracle.changeTier(op.to, clock);
                break;
            }
            const a = await ledger.getAccount(userId);
            expect({
              tier: a.tier,
              pendingTier: a.pendingTier,
              allocationMt: a.allocationMt,
              purchasedMt: a.purchasedMt,
              heldAllocationMt: a.heldAllocationMt,
              heldPurchasedMt: a.heldPurchasedMt,
              nextReset: a.nextResetDate,
            }).toEqual({
              tier: oracle.tier,
              pendingTier: oracle.pendingTier,
              allocationMt: oracle.allocationMt,
              purchasedMt: oracle.purchasedMt,
              heldAllocationMt: oracle.heldAllocationMt,
              heldPurchasedMt: oracle.heldPurchasedMt,
              nextReset: new Date(oracle.nextReset).toISOString(),
            });
            expect(Math.min(a.allocationMt, a.purchasedMt, a.heldAllocationMt, a.heldPurchasedMt)).toBeGreaterThanOrEqual(0);
          }
          const report = await ledger.reconcile({ userId });
          expect(report).toEqual({ checkedUsers: 1, ok: true, mismatches: [] });
        }),
        { numRuns: NUM_RUNS, seed },
      );
    }, 600_000);
  });
}
