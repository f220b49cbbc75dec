import { createRoute, z } from '@hono/zod-openapi';
import { anyone, errorResponses, jsonContent } from '../../http/openapi.ts';

export const AuthConfigSchema = z
  .object({
    providers: z.object({ email: z.boolean(), google: z.boolean() }),
    mail: z.enum(['smtp', 'outbox']).openapi({ description: '`outbox`: mails are stored and listed at /dev/outbox instead of being sent' }),
    outbox_readable: z.boolean().openapi({ description: 'Whether this client may open /dev/outbox (loopback clients only, unless DEV_OUTBOX_PUBLIC=true)' }),
    password: z.object({ min_chars: z.number().int(), max_chars: z.number().int() }),
  })
  .openapi('AuthConfig');

export const getAuthConfigRoute = createRoute({
  operationId: 'getAuthConfig',
  security: anyone,
  method: 'get',
  path: '/api/auth-config',
  tags: ['accounts'],
  summary: 'Which sign-in methods are enabled, where mails go, password length bounds',
  responses: { 200: jsonContent(AuthConfigSchema, 'Auth configuration') },
});

export const OutboxSchema = z
  .object({
    mails: z.array(z.object({ id: z.number().int(), to: z.string(), subject: z.string(), text: z.string(), links: z.array(z.string()), sent_at: z.string() })),
  })
  .openapi('Outbox');

export const OUTBOX_API_PATH = '/api/dev/outbox';
export const OUTBOX_PAGE_PATH = '/dev/outbox';

export const getOutboxRoute = createRoute({
  operationId: 'listOutboxMails',
  security: anyone,
  method: 'get',
  path: OUTBOX_API_PATH,
  tags: ['dev'],
  summary: 'Mails stored by the outbox (not in production; loopback clients only unless DEV_OUTBOX_PUBLIC=true)',
  request: { query: z.object({ to: z.string().optional().openapi({ description: 'Only mails to this address' }) }) },
  responses: {
    200: jsonContent(OutboxSchema, 'Newest first, at most 100'),
    // The same 404 an unknown path gets: in production and to clients beyond loopback the outbox does not exist.
    ...errorResponses(404),
  },
});

export type AuthConfigResponse = z.infer<typeof AuthConfigSchema>;
export type OutboxResponse = z.infer<typeof OutboxSchema>;
export type OutboxMail = OutboxResponse['mails'][number];
