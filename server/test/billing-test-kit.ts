import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe/fake-stripe-server.ts';
import { createTestApp, type TestAppOptions } from './app.ts';
import { createTestDatabase, type DatabaseKind } from './db.ts';
import { insertTestUser } from './users.ts';
import { isSandboxProvider } from '../adapters/payments/index.ts';
import { createLedgerService, type Tier } from '../features/tokens/index.ts';
import type { BillingFeature } from '../features/billing/index.ts';

/** A movable clock for period tests. */
export function createClock(start = new Date('2026-03-10T12:00:00.000Z')) {
  let t = start.getTime();
  return { now: () => new Date(t), set: (d: Date) => (t = d.getTime()), advance: (ms: number) => (t += ms) };
}

/** The app with all features, acting as `x-test-user-id`, plus a ledger on the same database for arranging balances. */
export async function createBillingTestApp(db: Database, options: TestAppOptions = {}) {
  const t = await createTestApp(db, { actAsHeader: true, ...options });
  const ledger = createLedgerService(db, { now: options.now });
  const as = (userId: string) => ({ 'x-test-user-id': userId });

  /** A user on `tier` whose available balance is `balanceMt` (allocation drawn down by an operator revoke). */
  async function userWith(tier: Tier, balanceMt: number) {
    const u = await insertTestUser(db);
    if (tier !== 'Free') await ledger.changeTier(u.id, tier, { actor: 'test', immediate: true });
    const account = await ledger.getAccount(u.id);
    const delta = balanceMt - account.availableMt;
    if (delta !== 0) await ledger.adjust(u.id, delta, { bucket: 'allocation', reason: 'test arrangement', actor: 'test' });
    return u;
  }

  const balanceMt = async (userId: string) => (await ledger.getAccount(userId)).availableMt;
  const count = async (table: 'checkout_session' | 'billing_event' | 'billing_period' | 'billing_customer', userId?: string) => {
    const where = userId ? sql`WHERE user_id = ${userId}` : sql``;
    const [r] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} ${where}`);
    return r!.n;
  };
  const ledgerEntries = async (userId: string, reason: string) =>
    db.query<{ delta_allocation_mt: number; delta_purchased_mt: number; idempotency_key: string }>(
      sql`SELECT delta_allocation_mt, delta_purchased_mt, idempotency_key FROM token_ledger WHERE user_id = ${userId} AND reason = ${reason} ORDER BY id`,
    );
  /** The app's sandbox provider, to drive its clock-based jobs (renewals, expiry) directly. */
  const sandbox = () => {
    const provider = (t.features.find((f) => f.name === 'billing') as BillingFeature).context.provider;
    if (!isSandboxProvider(provider)) throw new Error('expected the sandbox');
    return provider;
  };
  return { ...t, ledger, as, userWith, balanceMt, count, ledgerEntries, sandbox };
}

export type BillingTestApp = Awaited<ReturnType<typeof createBillingTestApp>>;

/** A suite's own database and the app on the sandbox (the default provider). */
export async function startBillingApp(kind: DatabaseKind, options: TestAppOptions = {}) {
  const db = await createTestDatabase(kind);
  return { db, t: await createBillingTestApp(db, options) };
}

/** A suite's own database, the fake Stripe server, and the app configured for Stripe against it. */
export async function startStripeBillingApp(kind: DatabaseKind, options: TestAppOptions = {}) {
  const db = await createTestDatabase(kind);
  const fake = await startFakeStripe();
  const env = {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_PRICE_BASIC: 'price_basic_fake',
    STRIPE_PRICE_PRO: 'price_pro_fake',
    STRIPE_API_BASE: fake.url,
  };
  return { db, fake, t: await createBillingTestApp(db, { ...options, env: { ...env, ...options.env } }) };
}

export async function stopStripeBillingApp(app: { db?: Database; fake?: FakeStripe }) {
  await app.fake?.close();
  await app.db?.close();
}

/** Sends a signed Stripe event to the app's webhook, which must accept it. */
export async function sendStripeWebhook(app: { fake: FakeStripe; t: BillingTestApp }, type: string, object: Record<string, unknown>) {
  const { body, signature } = app.fake.signEvent(app.fake.buildEvent(type, object));
  const res = await app.t.json('POST', '/api/webhooks/stripe', body, { 'stripe-signature': signature });
  expect(res.status).toBe(200);
}
