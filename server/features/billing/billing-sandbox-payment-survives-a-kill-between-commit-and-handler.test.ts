import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../adapters/db/index.ts';
import type { ProviderEvent } from '../../adapters/payments/index.ts';
import { createBillingTestApp, createClock } from '../../test/billing-test-kit.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { runUntilLineThenKill } from '../../test/kill-at-line.ts';
import { copyPgliteDirTemplate } from '../../test/template.ts';
import { insertTestUser } from '../../test/users.ts';
import { handleEvent } from './events/handle-event.ts';
import type { BillingFeature } from './index.ts';

const T0 = new Date('2026-04-01T10:00:00.000Z');
const LEASE_MS = 60_000;

// Issue 26 item 1. Before the outbox, the sandbox committed the payment and then handed its events to the
// handler in memory: a kill between the two left the subscription paid and active, the user Free, and a
// second checkout charged again. Now the events are committed with the payment and a restart delivers them.
describeEachDatabase('a sandbox payment killed between its commit and its handler', (kind) => {
  const opened: Database[] = [];
  let pgliteDir: string | undefined;
  afterAll(async () => {
    for (const db of opened.reverse()) await db.close().catch(() => {});
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  });
  /** PostgreSQL: one database the child and the restarted app share. PGlite: a directory each process opens in turn. */
  const open = async (): Promise<{ db: Database; target: string }> => {
    if (kind === 'postgres') {
      const db = await createTestDatabase('postgres');
      opened.push(db);
      return { db, target: (db as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString };
    }
    pgliteDir ??= await copyPgliteDirTemplate();
    const db = await openDatabase({ pgliteDir });
    opened.push(db);
    return { db, target: pgliteDir };
  };

  it('after the restart the user is on Basic, paid once: 1 charge of 999 ¢, 1 subscription, 1 period, 10 + 40 = 50 tokens; subscribing again opens the portal', async () => {
    // Before the crash: a Free user (10 tokens) opens a Basic checkout.
    const { db: first, target } = await open();
    const before = await createBillingTestApp(first, { now: () => T0 });
    const u = await insertTestUser(first);
    await before.ledger.openAccount(u.id);
    const checkout = await before.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, before.as(u.id));
    expect(checkout.status).toBe(200);
    const sessionId = String(checkout.body.url).split('/sandbox/checkout/')[1]!;
    if (kind !== 'postgres') await first.close(); // the child takes the PGlite directory

    // The child pays; its handler is inside its transaction when the child is killed.
    const run = await runUntilLineThenKill('server/test/billing-sandbox-pays-then-hangs.ts', [target, sessionId, T0.toISOString()], 'handler-in-transaction');
    expect(run.signal).toBe('SIGKILL');

    // The restarted process (on PGlite it reopens the directory the killed child held).
    const db = kind === 'postgres' ? first : (await open()).db;
    const clock = createClock(new Date(T0.getTime() + LEASE_MS - 1000));
    const t = await createBillingTestApp(db, { now: clock.now });
    const billing = t.features.find((f) => f.name === 'billing') as BillingFeature;
    const count = async (query: ReturnType<typeof sql>) => (await db.query<{ n: number }>(query))[0]!.n;
    const charges = () =>
      count(sql`SELECT count(*)::int AS n FROM sandbox_charge c JOIN sandbox_customer k ON k.id = c.customer_id WHERE k.user_ref = ${u.id}`);
    const liveSandboxSubscriptions = () =>
      count(
        sql`SELECT count(*)::int AS n FROM sandbox_subscription s JOIN sandbox_customer k ON k.id = s.customer_id WHERE k.user_ref = ${u.id} AND s.status = 'active'`,
      );
    const outbox = () =>
      db.query<{ type: string; attempts: number; handled: boolean; payload: ProviderEvent }>(
        sql`SELECT type, attempts, handled_at IS NOT NULL AS handled, payload FROM sandbox_event_outbox ORDER BY seq`,
      );

    // What the crash left: the payment and its three events committed together, none handled; the user still Free.
    expect(await charges()).toBe(1);
    expect(await liveSandboxSubscriptions()).toBe(1);
    expect((await outbox()).map((e) => [e.type, e.attempts, e.handled])).toEqual([
      ['checkout.session.completed', 1, false],
      ['customer.subscription.created', 0, false],
      ['invoice.paid', 0, false],
    ]);
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Free');
    expect(await t.count('billing_period', u.id)).toBe(0);

    // The killed process's lease (1 min) has not run out: a start now delivers nothing.
    await billing.start?.();
    await billing.stop?.();
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Free');

    // At T0 + 1 min the restarted process delivers what is pending, in order.
    clock.set(new Date(T0.getTime() + LEASE_MS));
    await billing.start?.();
    await billing.stop?.();
    expect((await outbox()).map((e) => e.handled)).toEqual([true, true, true]);
    const account = await t.ledger.getAccount(u.id);
    expect(account.tier).toBe('Basic');
    expect(account.availableMt).toBe(50_000);
    expect((await t.ledgerEntries(u.id, 'tier_change')).map((e) => e.delta_allocation_mt)).toEqual([40_000]);
    expect(await t.count('billing_period', u.id)).toBe(1);
    const [row] = await db.query<{ status: string }>(sql`SELECT status FROM checkout_session WHERE provider_session_id = ${sessionId}`);
    expect(row!.status).toBe('fulfilled');
    expect(await t.ledger.reconcile({ userId: u.id })).toMatchObject({ ok: true });

    // Subscribing again leads to the portal: no second subscription, no second charge.
    const again = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    expect(again.body.portal).toBe(true);
    expect(await charges()).toBe(1);
    expect(await liveSandboxSubscriptions()).toBe(1);

    // Replays are no-ops: a later tick finds nothing, and handing each event over again changes nothing.
    clock.set(new Date(T0.getTime() + 24 * 3600_000));
    expect(await t.sandbox().deliverDueEvents()).toBe(0);
    for (const e of await outbox()) expect(await handleEvent(billing.context, { ...e.payload, created: new Date(e.payload.created) })).toBe('duplicate');
    expect((await t.ledger.getAccount(u.id)).availableMt).toBe(50_000);
    expect(await t.ledgerEntries(u.id, 'tier_change')).toHaveLength(1);
  });
});
