import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe/fake-stripe-server.ts';
import { parseEnv } from '../../env.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';

/** Everything else production needs (SMTP, AUTH_SECRET), so payments are the only thing in question. */
const PRODUCTION = { NODE_ENV: 'production', BASE_URL: 'https://stockpilot.example', AUTH_SECRET: 'x'.repeat(48), SMTP_URL: 'smtp://127.0.0.1:1' };

describeEachDatabase('production never takes free payments', (kind) => {
  let db: Database;
  let fake: FakeStripe;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await db?.close();
    await fake?.close();
  });
  const stripe = () => ({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_API_BASE: fake.url,
    STRIPE_PRICE_BASIC: 'price_basic_fake',
    STRIPE_PRICE_PRO: 'price_pro_fake',
  });

  it('without STRIPE_SECRET_KEY start-up refuses, naming the variable and the PAYMENTS=sandbox way out', async () => {
    const refused = createTestApp(db, { env: PRODUCTION });
    await expect(refused).rejects.toThrow(/STRIPE_SECRET_KEY is required in production/);
    await expect(createTestApp(db, { env: PRODUCTION })).rejects.toThrow(/PAYMENTS=sandbox/);
  });

  it('PAYMENTS=sandbox: it starts; /api/health keeps its fields and says sandbox_payments; the banner reads sandbox from /api/billing/plans', async () => {
    const t = await createTestApp(db, { env: { ...PRODUCTION, PAYMENTS: 'sandbox' } });
    const health = await t.json('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: db.kind, adapters: { payments: 'sandbox', mail: 'smtp' }, sandbox_payments: true });
    expect(Object.keys(health.body).sort()).toEqual([
      'adapters',
      'data_as_of',
      'data_freshness',
      'database',
      'datasets_age_days',
      'datasets_as_of',
      'jobs',
      'role',
      'sandbox_payments',
      'status',
      'uptime_s',
    ]);
    const plans = await t.json('GET', '/api/billing/plans');
    expect(plans.body.provider.kind).toBe('sandbox');
  });

  it('Stripe configured: production starts with real payments and health says sandbox_payments: false', async () => {
    const t = await createTestApp(db, { env: { ...PRODUCTION, ...stripe(), STRIPE_WEBHOOK_SECRET: fake.webhookSecret } });
    const health = await t.json('GET', '/api/health');
    expect(health.body).toMatchObject({ adapters: { payments: 'stripe' }, sandbox_payments: false });
  });

  it.each(['production', 'development', 'test'])(
    '%s: a Stripe key without STRIPE_WEBHOOK_SECRET refuses to start (paid checkouts would never be seen)',
    async (NODE_ENV) => {
      const env = NODE_ENV === 'production' ? { ...PRODUCTION, ...stripe() } : { NODE_ENV, ...stripe() };
      await expect(createTestApp(db, { env })).rejects.toThrow(/STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/);
      await expect(createTestApp(db, { env: { ...env, PAYMENTS: 'sandbox' } })).rejects.toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    },
  );

  it('outside production the sandbox needs no opt-in, and health says so', async () => {
    const t = await createTestApp(db, { env: { NODE_ENV: 'development' } });
    expect((await t.json('GET', '/api/health')).body).toMatchObject({ adapters: { payments: 'sandbox' }, sandbox_payments: true });
  });
});

describe('PAYMENTS accepts only sandbox', () => {
  it('any other value is a configuration error naming PAYMENTS; empty counts as unset', () => {
    expect(() => parseEnv({ PAYMENTS: 'free' })).toThrow(/PAYMENTS/);
    expect(parseEnv({ PAYMENTS: '' }).PAYMENTS).toBeUndefined();
    expect(parseEnv({ PAYMENTS: 'sandbox' }).PAYMENTS).toBe('sandbox');
  });
});

describe('the server process in production without Stripe', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sp-prod-payments-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Generous timeout: a cold start through tsx (PGlite initdb) on a loaded 2-core machine.
  it('exits 1 with the message, before it listens', { timeout: 180_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: join(import.meta.dirname, '..', '..', '..'),
      env: {
        ...process.env,
        ...PRODUCTION,
        HOST: '127.0.0.1',
        PORT: '0',
        PGLITE_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        STRIPE_SECRET_KEY: '',
        PAYMENTS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (d: Buffer) => {
      output += d;
      // Listening is the failure this test is about: stop it rather than leave a server behind.
      if (output.includes('Stockpilot listening')) child.kill('SIGTERM');
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(output).toContain('STRIPE_SECRET_KEY is required in production');
    expect(output).not.toContain('Stockpilot listening');
  });
});
