import { AppError } from '../lib/errors.ts';
import { readRawPath } from './security.ts';

/**
 * Text PostgreSQL cannot store: NUL (U+0000), refused in text and jsonb ("invalid byte sequence"), and a lone
 * surrogate (half of a UTF-16 pair), which PGlite encodes into invalid UTF-8. Either reached the database
 * from a free-text field and came back as 500 INTERNAL_ERROR. No field of ours has a use for them: they are
 * refused at the edge, as the client's mistake, naming where they were.
 */
const nul = '\u0000';
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isUnstorable = (s: string) => s.includes(nul) || loneSurrogate.test(s);

function refuse(field: string, text: string): AppError {
  const what = text.includes(nul) ? 'the NUL character (U+0000) is not allowed' : 'not valid Unicode text (a lone surrogate)';
  return new AppError('BAD_REQUEST', `${field}: ${what}.`, { field });
}

/** The dotted path (`items.0.note`) and text of the first string or key that cannot be stored, or undefined. */
function findUnstorableText(value: unknown, path: string[] = []): { field: string; text: string } | undefined {
  if (typeof value === 'string') return isUnstorable(value) ? { field: path.join('.'), text: value } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    // The key itself is named, made printable: a field name must not carry what it is refused for.
    if (isUnstorable(key)) return { field: [...path, JSON.stringify(key).slice(1, -1)].join('.'), text: key };
    const found = findUnstorableText(v, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Refuses validated input (a route's body, query or params) holding such text; `target` names a top-level string. */
export function assertStorableText(value: unknown, target: string): void {
  const found = findUnstorableText(value);
  // A bare string as the whole body is named `body`, as a client knows it (zod-validator calls that target `json`).
  if (found) throw refuse(found.field || (target === 'json' || target === 'form' ? 'body' : target), found.text);
}

/**
 * Refuses a URL whose query (and, with `checkPath`, path) decodes to a NUL (`%00`), on every route, ours or
 * a library's (better-auth reads its own query). One scan for `%00` per request; the work only when there is
 * one. Our API routes' path parameters are left to the validation hook, which names the parameter (`symbol`).
 * (Percent-encoding carries bytes: a lone surrogate cannot be sent in a URL, invalid UTF-8 is not decoded.)
 */
export function assertNoNulInUrl(url: string, checkPath: boolean): void {
  if (!url.includes('%00')) return;
  if (checkPath && readRawPath(url).includes('%00')) throw refuse('path', nul);
  const start = url.indexOf('?');
  if (start < 0) return;
  const query = url.slice(start + 1).split('#')[0]!;
  for (const pair of query.split('&')) {
    if (!pair.includes('%00')) continue;
    const name = safeDecode(pair.split('=')[0]!).replaceAll(nul, '\\u0000');
    throw refuse(name || 'query', nul);
  }
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
};
