import { z } from 'zod';
import type { OpenApiDocument } from '../http/openapi-document.ts';

type Json = Record<string, unknown>;
interface DocumentedOperation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

/** `/api/market/quote/{symbol}` → a regex matching one concrete path. */
const toPattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}$`);

/**
 * The document's schema as a strict JSON Schema: refs point into `$defs`, and objects that list their
 * properties without saying anything about others admit no others (a field the document does not
 * name is a mismatch; open objects such as better-auth's say `additionalProperties` explicitly).
 */
function toStrictJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toStrictJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') out[k] = v.replace('#/components/schemas/', '#/$defs/');
    // A property may be named `examples`: only the keyword is dropped, never a field of `properties`.
    else if (k === 'properties' && v && typeof v === 'object') out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, toStrictJsonSchema(s)]));
    else if (k === 'example' || k === 'examples') continue;
    else out[k] = toStrictJsonSchema(v);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** Checks answers against the published document; returns what does not match, or null. */
export function createResponseChecker(document: OpenApiDocument) {
  const defs = toStrictJsonSchema(document.components?.schemas ?? {}) as Json;
  const operations: DocumentedOperation[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, { responses?: DocumentedOperation['responses'] }>)) {
      if (op && typeof op === 'object' && op.responses)
        operations.push({ method: method.toUpperCase(), template, pattern: toPattern(template), responses: op.responses });
    }
  }
  const validators = new Map<string, z.ZodType>();
  const validatorFor = (key: string, schema: Json) => {
    let v = validators.get(key);
    if (!v) {
      v = z.fromJSONSchema({ ...(toStrictJsonSchema(schema) as Json), $defs: defs } as Parameters<typeof z.fromJSONSchema>[0]);
      validators.set(key, v);
    }
    return v;
  };

  return (method: string, path: string, status: number, contentType: string, text: string): string | null => {
    const op = operations.find((o) => o.method === method && o.pattern.test(path));
    if (!op) return null; // not a documented operation (SPA, sandbox pages, unknown /api paths, 405s)
    const where = `${method} ${path} (${op.template}) answered ${status}`;
    const answer = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
    if (!answer) return `${where}, a status the document does not list (it lists ${Object.keys(op.responses).join(', ')})`;
    if (!contentType.includes('application/json') || text === '') return null;
    const schema = answer.content?.['application/json']?.schema;
    if (!schema) return `${where} with a JSON body; the document gives no JSON body for ${status}`;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${where} with a body that is not JSON`;
    }
    const result = validatorFor(`${method} ${op.template} ${status}`, schema).safeParse(body);
    if (result.success) return null;
    const issues = result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
    return `${where}; the body does not match the document: ${issues.join('; ')}`;
  };
}
