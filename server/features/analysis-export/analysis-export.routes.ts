import { createRoute, z } from '@hono/zod-openapi';
import { PDF_EXPORT_LIMIT } from '../../../core/analysis/export-limits.ts';
import { ErrorSchema, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const IdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e' }),
});

const attachment = 'Sent as an attachment named `<SYMBOL>-<kind>[-<tab>]-<data day>`, e.g. `AAPL-fundamental-profitability-2026-07-02.pdf`.';

export const exportAnalysisPdfRoute = createRoute({
  operationId: 'exportAnalysisPdf',
  security: signedIn,
  method: 'get',
  path: '/api/analyses/{id}/export.pdf',
  tags: ['analyses'],
  summary: 'A stored analysis as a print-ready PDF (free); 404 for anyone but its owner',
  description: `A4 PDF: the note, the kind's charts as vector drawings, the facts with their sources and as-of dates, the disclaimer and the run date. ${attachment} Limited to ${PDF_EXPORT_LIMIT.perMinute} PDF exports a minute per user (every request counts, whatever it answers): the next is 429 RATE_LIMITED with Retry-After. Rendered on the server's render threads, a few at once; when those and their queue are full the answer is 503 SERVICE_UNAVAILABLE with Retry-After.`,
  request: { params: IdParam },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(401, 404, 429, 503),
    504: jsonContent(ErrorSchema, 'The render took too long (TIMEOUT); try again'),
  },
});

export const exportAnalysisCsvRoute = createRoute({
  operationId: 'exportAnalysisCsv',
  security: signedIn,
  method: 'get',
  path: '/api/analyses/{id}/export.csv',
  tags: ['analyses'],
  summary: "A stored analysis's facts as CSV (free); 404 for anyone but its owner",
  description: `RFC 4180 CSV, header \`key,label,value,unit,period,source,as_of\`, one row per fact; text cells that a spreadsheet would run as a formula start with a quote mark. ${attachment}`,
  request: { params: IdParam },
  responses: {
    200: {
      description: 'The facts as CSV',
      content: {
        'text/csv': {
          schema: z.string().openapi({ example: 'key,label,value,unit,period,source,as_of\r\nnet_margin,Net margin,26.92,percent,FY2025,sec,2025-10-31\r\n' }),
        },
      },
    },
    ...errorResponses(401, 404),
  },
});
