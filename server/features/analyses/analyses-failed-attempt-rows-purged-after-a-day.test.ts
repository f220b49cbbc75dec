import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { describeEachDatabase } from '../../test/db.ts';
import type { LedgerService } from '../tokens/index.ts';
import { createAnalysesJobs, UNSERVED_ROW_KEPT_MS } from './analyses-jobs.ts';
import type { PreparedRun } from './analyses-service.ts';
import { type AnalysesTest, startAnalysesTest } from '../../test/analyses-test-kit.ts';

describeEachDatabase('rows of failed attempts', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('are purged once a day old; served analyses stay', async () => {
    const u = await k.createUser();
    const served = await k.as(u).run({ symbol: 'AAPL', kind: 'technical' });
    expect(served.status).toBe(201);
    const faultBeforeCapture: LedgerService = {
      ...k.ledger,
      chargeFor: (userId, action, key, work, opts) =>
        k.ledger.chargeFor(
          userId,
          action,
          key,
          async (charged) => {
            await work(charged);
            throw new Error('fault before the capture');
          },
          opts,
        ),
    };
    const faulty = k.serviceWith({ ledger: faultBeforeCapture });
    const prepared = (await faulty.prepareRun(u, { symbol: 'MSFT', kind: 'technical' })) as PreparedRun;
    await expect(faulty.executeRun(prepared)).rejects.toThrow('fault before the capture');
    expect(await k.storedRowCount(u)).toBe(2);

    const logger = createLogger('silent');
    // Just under a day later nothing goes; at a day and a minute the failed attempt's row does.
    await createAnalysesJobs(k.db, () => new Date(Date.now() + UNSERVED_ROW_KEPT_MS - 60_000), logger).purge();
    expect(await k.storedRowCount(u)).toBe(2);
    await createAnalysesJobs(k.db, () => new Date(Date.now() + UNSERVED_ROW_KEPT_MS + 60_000), logger).purge();
    expect(await k.storedRowCount(u)).toBe(1);
    expect((await k.as(u).open(served.body.id)).status).toBe(200);
    // 10 − 0.8: only the served run was charged.
    expect(await k.balanceMt(u)).toBe(9_200);
  });
});
