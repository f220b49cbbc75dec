import { AppError } from '../lib/errors.ts';
import { readRawPath } from './security.ts';

/**
 * NUL (U+0000) is the one character PostgreSQL refuses in text and jsonb ("invalid byte sequence"), so a
 * NUL in any free-text field reached the database and came back as 500 INTERNAL_ERROR. No field of ours
 * has a use for it: it is refused at the edge, as the client's mistake, naming where it was.
 */
const refuse = (field: string) => new AppError('BAD_REQUEST', `${field}: the NUL character (U+0000) is not allowed.`, { field });

/** The dotted path (`items.0.note`) of the first string or key holding a NUL in `value`, or undefined. */
export function findNulField(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulField(value[i], [...path, String(i)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')].join('.');
    const found = findNulField(v, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses validated input (a route's body, query or params) holding a NUL; `target` names a top-level string. */
export function assertNoNulIn(value: unknown, target: string): void {
  const field = findNulField(value);
  if (field !== undefined) throw refuse(field || target);
}

/**
 * Refuses a URL whose path or query decodes to a NUL (`%00`), on every route, ours or a library's
 * (better-auth reads its own query). One scan for `%00` per request; the work only when there is one.
 */
export function assertNoNulInUrl(url: string): void {
  const at = url.indexOf('%00');
  if (at < 0) return;
  const path = readRawPath(url);
  if (path.includes('%00')) throw refuse('path');
  const query = url.slice(url.indexOf('?') + 1).split('#')[0]!;
  for (const pair of query.split('&')) {
    if (!pair.includes('%00')) continue;
    const name = pair.split('=')[0]!;
    throw refuse(safeDecode(name).replaceAll('\u0000', '\\u0000') || 'query');
  }
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
};
