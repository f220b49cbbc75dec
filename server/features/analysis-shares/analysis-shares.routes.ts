import { createRoute, z } from '@hono/zod-openapi';
import { fundamentalSubtypes } from '../../../core/analysis/analysis-types.ts';
import { analysisKinds } from '../../../core/tokens/costs.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';
import { AnalysisSchema } from '../analyses/index.ts';

const ShareSchema = z
  .object({
    id: z.string().uuid(),
    analysis: z.object({
      id: z.string().uuid(),
      symbol: z.string(),
      kind: z.enum(analysisKinds),
      subtype: z.enum(fundamentalSubtypes).nullable(),
      as_of: z.string().openapi({ description: "The analysis's data day" }),
    }),
    token_prefix: z
      .string()
      .openapi({ description: 'The first characters of the token, to tell links apart (the token itself is not stored)', example: 'q3Xk9Z' }),
    show_owner_name: z.boolean(),
    created_at: z.string(),
    view_count: z.number().int().openapi({ description: 'Times the link was opened' }),
    last_viewed_at: z.string().nullable(),
  })
  .openapi('AnalysisShare');

const CreatedShareSchema = ShareSchema.extend({
  url: z.string().openapi({
    description: 'The link to give out. Shown only in this answer: only a hash of its token is kept.',
    example: 'https://stockpilot.example/s/q3Xk9Z…',
  }),
}).openapi('CreatedAnalysisShare');

const CreateShareBodySchema = z
  .object({ show_owner_name: z.boolean().optional().openapi({ description: "Show the owner's name on the shared page (default false: hidden)" }) })
  .strict()
  .openapi('CreateAnalysisShare');

const SharedAnalysisSchema = AnalysisSchema.omit({ cost_tokens: true })
  .extend({ owner_name: z.string().nullable().openapi({ description: "The owner's name when they chose to show it, else null" }) })
  .openapi('SharedAnalysis');

const AnalysisIdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const createShareRoute = createRoute({
  operationId: 'createAnalysisShare',
  security: signedIn,
  method: 'post',
  path: '/api/analyses/{id}/shares',
  tags: ['shares'],
  summary: 'Make a read-only, revocable link to one of your analyses',
  description:
    'Each call makes a new link (an analysis may have several, e.g. one per audience, up to 10: 409 CONFLICT past that). The full URL is answered only here; 404 for an analysis that is not yours.',
  request: { params: AnalysisIdParam, body: { required: false, content: { 'application/json': { schema: CreateShareBodySchema } } } },
  responses: { 201: jsonContent(CreatedShareSchema, 'The new link'), ...errorResponses(400, 401, 404, 409, 415) },
});

export const listSharesRoute = createRoute({
  operationId: 'listAnalysisShares',
  security: signedIn,
  method: 'get',
  path: '/api/shares',
  tags: ['shares'],
  summary: 'Your live share links, newest first',
  request: { query: z.object({ analysis_id: z.string().uuid().optional().openapi({ description: "Only this analysis's links" }) }) },
  responses: { 200: jsonContent(z.object({ shares: z.array(ShareSchema) }).openapi('AnalysisShareList'), 'The links'), ...errorResponses(400, 401) },
});

export const revokeShareRoute = createRoute({
  operationId: 'revokeAnalysisShare',
  security: signedIn,
  method: 'delete',
  path: '/api/shares/{id}',
  tags: ['shares'],
  summary: 'Revoke a share link: it answers 404 from the next request on',
  request: {
    params: z.object({
      id: z
        .string()
        .max(64)
        .openapi({ param: { name: 'id', in: 'path' } }),
    }),
  },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(401, 404) },
});

export const getSharedAnalysisRoute = createRoute({
  operationId: 'getSharedAnalysis',
  security: anyone,
  method: 'get',
  path: '/api/shared/{token}',
  tags: ['shares'],
  summary: 'The analysis behind a share link, for anyone with the link (no account)',
  description:
    'The same body as GET /api/analyses/{id} without what the run cost, plus `owner_name` (null unless the owner chose to show it). Unknown, revoked and malformed tokens all answer the same 404 NOT_FOUND. Sent with `X-Robots-Tag: noindex` and `Cache-Control: no-store`, so a revoked link stops working at once.',
  // No pattern on the token: a malformed one must get the unknown token's 404, not a 400.
  request: { params: z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' }, example: 'q3Xk9ZpL2mWc8RtY4vBn7HdA' }) }) },
  responses: { 200: jsonContent(SharedAnalysisSchema, 'The shared analysis'), ...errorResponses(404) },
});

export type AnalysisShare = z.infer<typeof ShareSchema>;
export type CreatedAnalysisShare = z.infer<typeof CreatedShareSchema>;
export type SharedAnalysisResponse = z.infer<typeof SharedAnalysisSchema>;
