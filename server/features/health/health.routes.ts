import { createRoute, z } from '@hono/zod-openapi';
import { anyone, jsonContent } from '../../http/openapi.ts';
import { FreshnessSchema } from '../market/index.ts';

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    data_as_of: z.string().nullable().openapi({ description: 'Date of the bundled market-data snapshot' }),
    datasets_as_of: z
      .object({
        prices: z.string().nullable().openapi({ description: 'Last daily bar', example: '2026-07-02' }),
        fundamentals: z.string().nullable().openapi({ description: 'Latest filing date of a served figure' }),
        listings: z.string().nullable().openapi({ description: 'Latest listing directory' }),
        etfs: z.string().nullable().openapi({ description: 'Latest ETF holdings or overview' }),
        dividends: z.string().nullable().openapi({ description: 'Latest dividend source' }),
        risk_free: z.string().nullable().openapi({ description: 'Day of the risk-free rate the DCF uses (10-year Treasury par yield)' }),
      })
      .openapi({ description: 'How current each dataset of the snapshot is (null where not stated)' }),
    datasets_age_days: z
      .object({
        prices: z.number().int().nullable(),
        fundamentals: z.number().int().nullable(),
        listings: z.number().int().nullable(),
        etfs: z.number().int().nullable(),
        dividends: z.number().int().nullable(),
        risk_free: z.number().int().nullable(),
      })
      .openapi({
        description: 'Calendar days from each dataset’s as-of day to today in New York (its lag)',
        example: { prices: 149, fundamentals: 128, listings: 98, etfs: 393, dividends: 358, risk_free: 1 },
      }),
    data_freshness: FreshnessSchema.nullable().openapi({ description: 'How current the served prices are (as GET /api/market/freshness)' }),
    adapters: z.record(z.string(), z.string()).openapi({ example: { payments: 'sandbox', mail: 'outbox' } }),
    uptime_s: z.number(),
    sandbox_payments: z.boolean().openapi({
      description: 'Payments go through the built-in sandbox: no real money is taken (in production only with PAYMENTS=sandbox)',
    }),
    role: z.enum(['all', 'web', 'worker']).openapi({
      description: 'What this process does (ROLE): all serves HTTP and runs the jobs; web serves HTTP only; worker runs the jobs',
    }),
    jobs: z.array(z.string()).openapi({
      description: 'The features whose scheduled jobs this process started (empty in a web process)',
      example: ['analyses', 'tokens', 'billing', 'watchlists', 'track-record'],
    }),
  })
  .openapi('Health');

const ReadinessSchema = z
  .object({
    ready: z.boolean(),
    role: z.enum(['all', 'web', 'worker']),
    checks: z.array(
      z.object({
        part: z.string().openapi({ example: 'migrations' }),
        ok: z.boolean(),
        detail: z.string().openapi({ example: '23 of 23 applied' }),
      }),
    ),
  })
  .openapi('Readiness');

export const getHealthRoute = createRoute({
  operationId: 'getHealth',
  security: anyone,
  method: 'get',
  path: '/api/health',
  tags: ['system'],
  summary: 'Liveness, database kind, data snapshot and active adapters',
  responses: { 200: jsonContent(HealthSchema, 'Healthy'), 503: jsonContent(HealthSchema, 'Database unreachable') },
});

export const getReadinessRoute = createRoute({
  operationId: 'getReadiness',
  security: anyone,
  method: 'get',
  path: '/api/health/ready',
  tags: ['system'],
  summary: 'Readiness: the database, every migration of this build, and each part a feature cannot serve without',
  description:
    'For a load balancer or an orchestrator: 200 when every check passes, 503 with the failing part named otherwise (a build missing a data file, a database not migrated). Liveness stays `/api/health`.',
  responses: { 200: jsonContent(ReadinessSchema, 'Ready'), 503: jsonContent(ReadinessSchema, 'A required part is missing') },
});
