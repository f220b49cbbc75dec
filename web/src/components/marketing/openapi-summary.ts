/**
 * Turns the server's OpenAPI 3.1 document into what the /api-docs page shows: operations grouped by
 * tag, and each schema flattened into readable rows (`error.code`, `facts[].value`). Pure data in, data out.
 */
export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  example?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  additionalProperties?: boolean | OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
}

interface MediaContent {
  schema?: OpenApiSchema;
}
interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: OpenApiSchema }>;
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaContent> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaContent> }>;
}
export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

export interface SchemaRow {
  /** Dotted path; `[]` marks array items. Empty for a top-level scalar. */
  path: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
}

export interface SchemaSummary {
  /** Name of the component schema, when the schema was a $ref. */
  name?: string;
  /** Type of the whole body ("object", "array of Quote", ...). */
  type: string;
  rows: SchemaRow[];
}

export interface ParameterSummary {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description?: string;
}

export interface ResponseSummary {
  status: string;
  description: string;
  /** True when the body is the shared error shape. */
  isError: boolean;
  body: SchemaSummary | null;
}

export interface OperationSummary {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  deprecated: boolean;
  requiresSignIn: boolean;
  parameters: ParameterSummary[];
  requestBody: (SchemaSummary & { contentType: string; required: boolean }) | null;
  responses: ResponseSummary[];
}

export interface TagGroup {
  tag: string;
  operations: OperationSummary[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const MAX_DEPTH = 4;
const refName = (ref: string) => ref.split('/').pop() ?? ref;

function resolve(schema: OpenApiSchema | undefined, doc: OpenApiDocument): OpenApiSchema {
  if (!schema?.$ref) return schema ?? {};
  return doc.components?.schemas?.[refName(schema.$ref)] ?? {};
}

/** A short type label: "string (date-time)", "integer ≥ 20", "one of: basic, pro", "array of Quote", "string | null". */
export function describeType(schema: OpenApiSchema | undefined, doc: OpenApiDocument): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${schema.enum.map((v) => (v === null ? 'null' : String(v))).join(', ')}`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((v) => describeType(v, doc)).join(' | ');
  if (schema.allOf) return schema.allOf.map((v) => describeType(v, doc)).join(' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const base = types.filter((t) => t !== 'null');
  let label = base.length ? base.join(' | ') : schema.properties ? 'object' : 'any';
  if (base.length === 1 && base[0] === 'array') label = `array of ${describeType(schema.items, doc)}`;
  if (base.length === 1 && base[0] === 'object' && !schema.properties && schema.additionalProperties && schema.additionalProperties !== true) {
    label = `map of ${describeType(schema.additionalProperties, doc)}`;
  }
  if (schema.format) label += ` (${schema.format})`;
  const bounds: string[] = [];
  if (schema.minimum !== undefined) bounds.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) bounds.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0) bounds.push(`min ${schema.minLength} chars`);
  if (schema.maxLength !== undefined) bounds.push(`max ${schema.maxLength} chars`);
  if (bounds.length) label += ` ${bounds.join(', ')}`;
  if (types.includes('null') || schema.nullable) label += ' | null';
  return label;
}

/** The object-like part of a schema: its properties and required list, with allOf merged and $refs followed. */
function objectShape(schema: OpenApiSchema, doc: OpenApiDocument, seen: Set<string>): { properties: Record<string, OpenApiSchema>; required: string[] } | null {
  const s = resolve(schema, doc);
  if (s.allOf) {
    const merged = { properties: {} as Record<string, OpenApiSchema>, required: [] as string[] };
    for (const part of s.allOf) {
      const shape = objectShape(part, doc, seen);
      if (shape) {
        Object.assign(merged.properties, shape.properties);
        merged.required.push(...shape.required);
      }
    }
    return Object.keys(merged.properties).length ? merged : null;
  }
  return s.properties ? { properties: s.properties, required: s.required ?? [] } : null;
}

function collectRows(schema: OpenApiSchema, doc: OpenApiDocument, prefix: string, depth: number, seen: Set<string>, out: SchemaRow[]) {
  if (depth >= MAX_DEPTH) return;
  const ref = schema.$ref;
  if (ref) {
    if (seen.has(ref)) return;
    seen = new Set(seen).add(ref);
  }
  const s = resolve(schema, doc);
  const shape = objectShape(s, doc, seen);
  if (shape) {
    for (const [name, prop] of Object.entries(shape.properties)) {
      const path = prefix ? `${prefix}.${name}` : name;
      const resolved = resolve(prop, doc);
      out.push({ path, depth, type: describeType(prop, doc), required: shape.required.includes(name), description: prop.description ?? resolved.description });
      collectRows(prop, doc, path, depth + 1, seen, out);
    }
    return;
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('array') && s.items) collectRows(s.items, doc, `${prefix}[]`, depth, seen, out);
  const variants = s.anyOf ?? s.oneOf;
  // A nullable object (anyOf [X, null]) is shown as X's fields.
  const objects = variants?.filter((v) => objectShape(v, doc, seen));
  if (objects?.length === 1) collectRows(objects[0]!, doc, prefix, depth, seen, out);
}

export function summarizeSchema(schema: OpenApiSchema | undefined, doc: OpenApiDocument): SchemaSummary {
  const rows: SchemaRow[] = [];
  if (schema) collectRows(schema, doc, '', 0, new Set(), rows);
  return { name: schema?.$ref ? refName(schema.$ref) : undefined, type: schema?.$ref ? 'object' : describeType(schema, doc), rows };
}

const firstContent = (content: Record<string, MediaContent> | undefined) => {
  const [type, media] = Object.entries(content ?? {})[0] ?? [];
  return type ? { type, schema: media?.schema } : null;
};

export const operationAnchor = (method: string, path: string) =>
  `${method}-${path}`
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const isErrorSchema = (schema: OpenApiSchema | undefined) => schema?.$ref !== undefined && refName(schema.$ref) === 'Error';

/** Operations grouped by their first tag, in the order the tags first appear; "dev" last. */
export function groupOperations(doc: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, OperationSummary[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      const body = firstContent(op.requestBody?.content);
      const responses = Object.entries(op.responses ?? {}).map(([status, r]): ResponseSummary => {
        const c = firstContent(r.content);
        const isError = isErrorSchema(c?.schema);
        return { status, description: r.description ?? '', isError, body: c?.schema && !isError ? summarizeSchema(c.schema, doc) : null };
      });
      const summary: OperationSummary = {
        id: operationAnchor(method, path),
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        description: op.description,
        deprecated: op.deprecated === true,
        requiresSignIn: responses.some((r) => r.status === '401'),
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required === true,
          type: describeType(p.schema, doc),
          description: p.description ?? p.schema?.description,
        })),
        requestBody: body ? { ...summarizeSchema(body.schema, doc), contentType: body.type, required: op.requestBody?.required !== false } : null,
        responses,
      };
      groups.set(tag, [...(groups.get(tag) ?? []), summary]);
    }
  }
  const tags = [...groups.keys()].sort((a, b) => Number(a === 'dev') - Number(b === 'dev'));
  return tags.map((tag) => ({ tag, operations: groups.get(tag)! }));
}
