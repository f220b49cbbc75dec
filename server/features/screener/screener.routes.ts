import { createRoute, z } from '@hono/zod-openapi';
import { DEFAULT_COLUMNS, DEFAULT_SORT, FIELD_CATEGORIES, FIELD_IDS, type FieldId } from '../../../core/screener/fields.ts';
import { SCREENER_LIMITS } from '../../../core/screener/query.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

/** Bodies above this are refused with 413 before they are parsed: a screen is a few hundred bytes. */
export const MAX_SCREENER_BODY_BYTES = 32 * 1024;

const FieldIdSchema = z
  .enum(FIELD_IDS as [FieldId, ...FieldId[]], {
    error: (issue) => `unknown field ${JSON.stringify(issue.input)}; GET /api/screener/fields lists the fields`,
  })
  .openapi({ description: 'A field id of the catalog (GET /api/screener/fields)', example: 'pe_ttm' });

const Bound = z.number().nullable().optional();

const ScreenerFilterSchema = z
  .object({
    field: FieldIdSchema,
    min: Bound.openapi({ description: 'Range fields: keep values ≥ min (in the field’s unit; percent as 15 = 15 %)', example: 0 }),
    max: Bound.openapi({ description: 'Range fields: keep values ≤ max', example: 25 }),
    in: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(SCREENER_LIMITS.maxChoiceValues)
      .optional()
      .openapi({ description: 'Choice fields: keep rows whose value is one of these', example: ['Technology'] }),
  })
  .strict()
  .openapi('ScreenerFilter', { description: 'A range filter (min and/or max) or a choice filter (`in`). Rows missing the field never pass.' });

const ScreenerSortSchema = z
  .object({ field: FieldIdSchema, dir: z.enum(['asc', 'desc']) })
  .strict()
  .openapi('ScreenerSort', { description: 'Rows missing the field come last either way; ties keep symbol order' });

const definitionFields = {
  filters: z.array(ScreenerFilterSchema).max(SCREENER_LIMITS.maxFilters).default([]),
  sort: ScreenerSortSchema.default({ ...DEFAULT_SORT }),
  columns: z
    .array(FieldIdSchema)
    .min(1)
    .max(SCREENER_LIMITS.maxColumns)
    .default([...DEFAULT_COLUMNS])
    .openapi({ description: 'Columns of the result, in order (symbol and name always come first)' }),
};

const ScreenDefinitionSchema = z.object(definitionFields).strict().openapi('ScreenDefinition');

export const ScreenerQueryBodySchema = z
  .object({
    ...definitionFields,
    page: z
      .number()
      .int()
      .min(1)
      .max(SCREENER_LIMITS.maxPage)
      .default(1)
      .openapi({ description: '1-based; past the last page is 400 with the total in details' }),
    page_size: z
      .number()
      .int()
      .min(1)
      .max(SCREENER_LIMITS.maxPageSize, { error: `at most ${SCREENER_LIMITS.maxPageSize} rows a page; POST /api/screener/export returns every row` })
      .default(SCREENER_LIMITS.defaultPageSize),
  })
  .strict()
  .openapi('ScreenerQuery');

const CellSchema = z.union([z.number(), z.string()]).nullable().openapi({ description: 'In the field’s unit; a label for choice fields; null when missing' });

export const ScreenerRowSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    values: z.record(z.string(), CellSchema).openapi({ description: 'One entry per requested column, by field id' }),
    as_of: z
      .record(z.string(), z.string())
      .optional()
      .openapi({
        description:
          'The as-of date of each value older than a year on the table’s day, by field id (an ETF’s expense ratio and assets from its 2022-08-30 overview); absent when every value is current',
        example: { expense_ratio: '2022-08-30', aum: '2022-08-30' },
      }),
    sparkline: z
      .array(z.number())
      .openapi({ description: 'About 52 weekly closes of the last year (month-end closes for names without daily prices), oldest first' }),
  })
  .openapi('ScreenerRow');

export const ScreenerResultSchema = z
  .object({
    rows: z.array(ScreenerRowSchema),
    total: z.number().int().openapi({ description: 'Rows matching the filters, across all pages' }),
    page: z.number().int(),
    page_size: z.number().int(),
    sort: ScreenerSortSchema,
    columns: z.array(FieldIdSchema),
    data_as_of: z.string().openapi({ description: 'The newest price day in the table', example: '2026-07-02' }),
  })
  .openapi('ScreenerResult');

const RangeDistributionSchema = z.object({
  kind: z.literal('range'),
  count: z.number().int(),
  missing: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  quantiles: z.object({ p5: z.number(), p25: z.number(), p50: z.number(), p75: z.number(), p95: z.number() }).nullable(),
  bins: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
});

const ChoiceDistributionSchema = z.object({
  kind: z.literal('choice'),
  count: z.number().int(),
  missing: z.number().int(),
  options: z.array(z.object({ value: z.string(), count: z.number().int() })),
});

const ScreenerFieldSchema = z
  .object({
    id: FieldIdSchema,
    label: z.string(),
    short: z.string().openapi({ description: 'Column header' }),
    category: z.enum(FIELD_CATEGORIES),
    kind: z.enum(['range', 'choice']),
    unit: z.enum(['percent', 'usd', 'usd_per_share', 'ratio', 'times', 'score', 'count', 'years', 'label']),
    scale: z.enum(['linear', 'log']).optional().openapi({ description: 'Range fields: how the histogram spaces its bins' }),
    options: z.array(z.string()).optional().openapi({ description: 'Choice fields with a fixed set, in sort order (worst first)' }),
    description: z.string(),
    distribution: z.union([RangeDistributionSchema, ChoiceDistributionSchema]),
  })
  .openapi('ScreenerField');

const ScreenerPresetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    filters: z.array(ScreenerFilterSchema),
    sort: ScreenerSortSchema,
    columns: z.array(FieldIdSchema),
  })
  .openapi('ScreenerPreset');

const ScreenerCatalogSchema = z
  .object({
    fields: z.array(ScreenerFieldSchema),
    categories: z.array(z.object({ id: z.enum(FIELD_CATEGORIES), label: z.string() })),
    presets: z.array(ScreenerPresetSchema),
    defaults: z.object({ columns: z.array(FieldIdSchema), sort: ScreenerSortSchema, page_size: z.number().int() }),
    limits: z.object({ max_page_size: z.number().int(), max_filters: z.number().int(), max_columns: z.number().int() }),
    universe: z.object({ rows: z.number().int(), stocks: z.number().int(), etfs: z.number().int() }),
    data_as_of: z.string(),
  })
  .openapi('ScreenerCatalog');

const SavedScreenSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    filters: z.array(ScreenerFilterSchema),
    sort: ScreenerSortSchema,
    columns: z.array(FieldIdSchema),
    created_at: z.string(),
  })
  .openapi('SavedScreen');

const SavedScreenListSchema = z.object({ screens: z.array(SavedScreenSchema) }).openapi('SavedScreenList');

const SaveScreenBodySchema = z
  .object({
    name: z.string().trim().min(1, { error: 'give the screen a name' }).max(SCREENER_LIMITS.maxScreenNameLength).openapi({ example: 'Cheap quality' }),
    ...definitionFields,
  })
  .strict()
  .openapi('SaveScreen');

const ScreenIdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e' }),
});

const publicNote =
  'Public and read-only: signed-out visitors see the live example. Rate-limited per client (signed-in users per account) in process, without a database round trip.';

export const screenerFieldsRoute = createRoute({
  operationId: 'getScreenerFields',
  security: anyone,
  method: 'get',
  path: '/api/screener/fields',
  tags: ['screener'],
  summary: 'The field catalog with each field’s distribution over the universe, the presets and the limits',
  description: publicNote,
  responses: { 200: jsonContent(ScreenerCatalogSchema, 'The catalog'), ...errorResponses(429) },
});

export const screenerQueryRoute = createRoute({
  operationId: 'queryScreener',
  security: anyone,
  method: 'post',
  path: '/api/screener/query',
  tags: ['screener'],
  summary: 'Filter, sort and page the universe',
  description: `${publicNote} Bad input (unknown field, min above max, a range bound on a choice field, a value the field does not have, page past the end, page_size above ${SCREENER_LIMITS.maxPageSize}) is 400 VALIDATION_FAILED naming the field, e.g. \`filters.0.min\`.`,
  request: { body: { required: true, content: { 'application/json': { schema: ScreenerQueryBodySchema } } } },
  responses: { 200: jsonContent(ScreenerResultSchema, 'One page of matching rows'), ...errorResponses(400, 413, 415, 429) },
});

export const screenerExportRoute = createRoute({
  operationId: 'exportScreener',
  security: anyone,
  method: 'post',
  path: '/api/screener/export',
  tags: ['screener'],
  summary: 'Every matching row as CSV, in the screen’s sort order and columns',
  description: `${publicNote} The header row names each column with its unit, e.g. \`Net margin (%)\`; numbers are plain (no thousands separators), missing figures empty.`,
  request: { body: { required: true, content: { 'application/json': { schema: ScreenDefinitionSchema } } } },
  responses: {
    200: {
      description: 'RFC 4180 CSV with a header row',
      content: { 'text/csv': { schema: z.string().openapi({ example: 'Symbol,Name,P/E (×)\nAAPL,Apple Inc.,35.2\n' }) } },
    },
    ...errorResponses(400, 413, 415, 429),
  },
});

export const listScreensRoute = createRoute({
  operationId: 'listScreens',
  security: signedIn,
  method: 'get',
  path: '/api/screener/screens',
  tags: ['screener'],
  summary: 'The signed-in user’s saved screens, newest first (free)',
  responses: { 200: jsonContent(SavedScreenListSchema, 'Saved screens'), ...errorResponses(401) },
});

export const saveScreenRoute = createRoute({
  operationId: 'saveScreen',
  security: signedIn,
  method: 'post',
  path: '/api/screener/screens',
  tags: ['screener'],
  summary: 'Save a screen (free)',
  description: `Checked like a query (400 naming the field; nothing stored). At most ${SCREENER_LIMITS.maxSavedScreens} screens a user: the next is 409 CONFLICT.`,
  request: { body: { required: true, content: { 'application/json': { schema: SaveScreenBodySchema } } } },
  responses: { 201: jsonContent(SavedScreenSchema, 'The saved screen'), ...errorResponses(400, 401, 409, 413, 415) },
});

export const deleteScreenRoute = createRoute({
  operationId: 'deleteScreen',
  security: signedIn,
  method: 'delete',
  path: '/api/screener/screens/{id}',
  tags: ['screener'],
  summary: 'Delete a saved screen; 404 for anyone but its owner',
  request: { params: ScreenIdParam },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 404) },
});

// What the web imports (type-only).
export type ScreenerQueryBody = z.input<typeof ScreenerQueryBodySchema>;
export type ScreenerResult = z.infer<typeof ScreenerResultSchema>;
export type ScreenerResultRow = z.infer<typeof ScreenerRowSchema>;
export type ScreenerCatalog = z.infer<typeof ScreenerCatalogSchema>;
export type ScreenerFieldInfo = z.infer<typeof ScreenerFieldSchema>;
export type ScreenDefinitionBody = z.input<typeof ScreenDefinitionSchema>;
export type SavedScreen = z.infer<typeof SavedScreenSchema>;
export type SavedScreenList = z.infer<typeof SavedScreenListSchema>;
export type SaveScreenBody = z.input<typeof SaveScreenBodySchema>;
