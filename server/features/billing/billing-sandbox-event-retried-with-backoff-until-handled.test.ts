import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import type { ProviderEvent } from '../../adapters/payments/index.ts';
import { sandboxRetryDelayMs } from '../../adapters/payments/sandbox/sandbox-provider.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { handleEvent } from './events/handle-event.ts';
import type { BillingFeature } from './index.ts';
import { type BillingTestApp, createClock, startBillingApp } from '../../test/billing-test-kit.ts';

const MIN = 60_000;

it('the sandbox backs off like Stripe: 1 min after the first failure, doubling, capped at 1 h', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => sandboxRetryDelayMs(n) / MIN)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
});

// Today's sandbox reported a failed handler and dropped the event (a paid top-up never credited); now the
// event waits in the outbox (written with the payment) and is delivered again with backoff until handled, once.
describeEachDatabase('sandbox event retried with backoff until handled', (kind) => {
  let db: Database;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-04-01T10:00:00.000Z'));
  beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  const delivery = async (eventId: string) =>
    (
      await db.query<{ attempts: number; next_attempt_at: Date | string; last_error: string | null; handled_at: unknown }>(sql`
      SELECT attempts, next_attempt_at, last_error, handled_at FROM sandbox_event_outbox WHERE event_id = ${eventId}`)
    )[0]!;
  const at = (v: Date | string) => new Date(v).toISOString();

  it('checkout.session.completed: the handler throws twice, then succeeds → credited once (2 + 20 = 22), 3 attempts at T0, T0 + 1 min, T0 + 3 min', async () => {
    const billing = (t.features.find((f) => f.name === 'billing') as BillingFeature).context;
    const sandbox = t.sandbox();
    const calls: ProviderEvent[] = [];
    let failuresLeft = 2;
    sandbox.setEventSink(
      async (event, ack) => {
        if (event.type === 'checkout.session.completed') {
          calls.push(event);
          if (failuresLeft-- > 0) throw new Error('handler down');
        }
        await handleEvent(billing, event, ack);
      },
      () => {},
    );

    const u = await t.userWith('Basic', 2_000);
    const id = (await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(u.id))).body.session_id as string;
    const t0 = clock.now().getTime();
    expect((await t.json('POST', `/sandbox/checkout/${id}/pay`, { card_number: '4242424242424242' })).status).toBe(303);
    expect(await t.balanceMt(u.id)).toBe(2_000);
    const eventId = calls[0]!.id;
    expect(await delivery(eventId)).toMatchObject({ attempts: 1, last_error: 'handler down', handled_at: null });
    expect(at((await delivery(eventId)).next_attempt_at)).toBe(new Date(t0 + 1 * MIN).toISOString());

    clock.set(new Date(t0 + 1 * MIN - 1000));
    expect(await sandbox.deliverDueEvents()).toBe(0);
    expect((await delivery(eventId)).attempts).toBe(1);

    // Two processes tick at once: one claims the retry (attempt 2, fails again), the other finds nothing.
    clock.set(new Date(t0 + 1 * MIN));
    expect(await Promise.all([sandbox.deliverDueEvents(), sandbox.deliverDueEvents()])).toEqual([0, 0]);
    expect(calls).toHaveLength(2);
    expect(await delivery(eventId)).toMatchObject({ attempts: 2, last_error: 'handler down' });
    expect(at((await delivery(eventId)).next_attempt_at)).toBe(new Date(t0 + 1 * MIN + 2 * MIN).toISOString());

    clock.set(new Date(t0 + 3 * MIN - 1000));
    expect(await sandbox.deliverDueEvents()).toBe(0);
    clock.set(new Date(t0 + 3 * MIN));
    const runs = await Promise.all([sandbox.deliverDueEvents(), sandbox.deliverDueEvents()]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(calls).toHaveLength(3);
    expect(calls.every((e) => e.id === eventId && e.created instanceof Date)).toBe(true);
    expect(await delivery(eventId)).toMatchObject({ attempts: 3, last_error: null });
    expect((await delivery(eventId)).handled_at).not.toBeNull();
    expect(await t.balanceMt(u.id)).toBe(2_000 + 20_000);

    // Handled: later ticks deliver nothing more, and the ledger has one purchase.
    clock.set(new Date(t0 + 24 * 60 * MIN));
    expect(await sandbox.deliverDueEvents()).toBe(0);
    expect(calls).toHaveLength(3);
    expect(await t.ledgerEntries(u.id, 'purchase')).toHaveLength(1);
    const [processed] = await db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM billing_event WHERE event_id = ${eventId} AND processed_at IS NOT NULL`,
    );
    expect(processed!.n).toBe(1);
  });
});
