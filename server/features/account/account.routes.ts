import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const json = <T extends z.ZodType>(schema: T) => ({ required: true as const, content: { 'application/json': { schema } } });

/** A stored row as PostgreSQL writes it to JSON (`row_to_json`): column names as keys, timestamps as ISO strings, amounts as numbers. */
const Row = z.record(z.string(), z.unknown());
const Rows = z.array(Row);

const DeletionStatusSchema = z
  .object({
    scheduled_for: z
      .string()
      .nullable()
      .openapi({ description: 'When the account will be deleted; null when no deletion is scheduled', example: '2026-12-06T09:30:00.000Z' }),
    requested_at: z.string().nullable(),
    grace_days: z.number().int().openapi({ description: 'Days between the request and the deletion (cancellable until then)', example: 7 }),
    password_required: z.boolean().openapi({
      description: 'The request must carry the current password; false for accounts without one (Google), which must have signed in within 10 minutes',
    }),
  })
  .openapi('AccountDeletionStatus');

const AccountExportSchema = z
  .object({
    format: z.literal('stockpilot-export'),
    version: z.literal(1),
    exported_at: z.string(),
    user_id: z.string(),
    account: z.object({
      user: Row.nullable().openapi({ description: 'id, name, email, email_verified, image, created_at, updated_at' }),
      sign_in_methods: Rows.openapi({ description: 'Provider of each way to sign in (`credential` = e-mail and password); never a password hash or a token' }),
      sessions: Rows.openapi({ description: 'Signed-in devices: address, browser, dates; never the session token' }),
    }),
    profile: Row.nullable(),
    analyses: Rows.openapi({ description: 'Every analysis you ran (served), with its stored note' }),
    analysis_shares: Rows.openapi({ description: 'Share links: the prefix and counts, never the link’s secret' }),
    copilot_conversations: Rows.openapi({ description: 'Conversations, each with its `messages`' }),
    watchlists: Rows.openapi({ description: 'Lists, each with its `symbols`' }),
    watchlist_alerts: Rows,
    notifications: Rows,
    saved_screens: Rows,
    valuations: Rows.openapi({ description: 'Saved DCF valuations' }),
    api_keys: Rows.openapi({ description: 'Name, prefix, scopes and dates; never the key or its hash' }),
    tokens: z.object({
      account: Row.nullable().openapi({ description: 'Plan and balances in milli-tokens (1 token = 1000)' }),
      ledger: Rows.openapi({ description: 'Every entry of your token ledger, oldest first' }),
      holds: Rows,
    }),
    payments: z.object({ customers: Rows, checkouts: Rows, subscriptions: Rows, periods: Rows }),
  })
  .openapi('AccountExport');

export const exportAccountRoute = createRoute({
  operationId: 'exportAccount',
  security: signedIn,
  method: 'get',
  path: '/api/account/export',
  tags: ['accounts'],
  summary: 'Download everything Stockpilot stores about you as one JSON file (attachment `stockpilot-export-YYYY-MM-DD.json`)',
  responses: { 200: jsonContent(AccountExportSchema, 'Your data; `Content-Disposition: attachment`'), ...errorResponses(401) },
});

export const getDeletionRoute = createRoute({
  operationId: 'getAccountDeletion',
  security: signedIn,
  method: 'get',
  path: '/api/account/deletion',
  tags: ['accounts'],
  summary: 'Whether your account is scheduled for deletion, and what deleting it asks for',
  responses: { 200: jsonContent(DeletionStatusSchema, 'The deletion status'), ...errorResponses(401) },
});

const RequestDeletionBodySchema = z
  .object({
    password: z.string().max(1024).optional().openapi({ description: 'Your current password (accounts that have one)' }),
  })
  .strict()
  .openapi('RequestAccountDeletion');

export const requestDeletionRoute = createRoute({
  operationId: 'requestAccountDeletion',
  security: signedIn,
  method: 'post',
  path: '/api/account/deletion',
  tags: ['accounts'],
  summary:
    'Schedule your account’s deletion in 7 days (cancellable until then). Asks for the current password (400 INVALID_PASSWORD, `field: password`; ' +
    'counted in the sign-in throttle) or, without one, a sign-in within the last 10 minutes (403, `details.reason: recent_sign_in_required`); 409 when one is already scheduled',
  request: { body: json(RequestDeletionBodySchema) },
  responses: { 200: jsonContent(DeletionStatusSchema, 'Scheduled'), ...errorResponses(400, 401, 403, 409, 429) },
});

export const cancelDeletionRoute = createRoute({
  operationId: 'cancelAccountDeletion',
  security: signedIn,
  method: 'delete',
  path: '/api/account/deletion',
  tags: ['accounts'],
  summary: 'Cancel a scheduled deletion (nothing happens when none is scheduled)',
  responses: { 200: jsonContent(DeletionStatusSchema, 'Not scheduled any more'), ...errorResponses(401) },
});

export type AccountExportResponse = z.infer<typeof AccountExportSchema>;
export type AccountDeletionStatus = z.infer<typeof DeletionStatusSchema>;
export type RequestAccountDeletionBody = z.infer<typeof RequestDeletionBodySchema>;
