import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** JSON text that encodes a `T`: a constant answer serialized once at start-up instead of on every request. */
type JsonText<T> = string & { readonly encodes?: T };

export const toJsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

/** Answers JSON text as the route's typed JSON response (same bytes and Content-Type as `c.json(value)`). */
export function respondJsonText<T, S extends ContentfulStatusCode>(c: Context, text: JsonText<T>, status: S): TypedResponse<T, S, 'json'> {
  return c.body(text, status, { 'Content-Type': 'application/json' }) as unknown as TypedResponse<T, S, 'json'>;
}
