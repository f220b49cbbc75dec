/**
 * drizzle's DrizzleQueryError writes the bound values into its message (`Failed query: …\nparams: …`), its
 * stack and a `params` field, and PostgreSQL quotes a value it could not take (`invalid input syntax for
 * type uuid: "…"`) in the cause's message; logged as they were, an API key's hash reached the logs. The
 * statement text is kept (it is ours and says what failed); the values never leave the process.
 */
type QueryErrorShape = { query?: unknown; params?: unknown; message?: unknown; stack?: unknown; cause?: unknown };

const REDACTED = '[redacted]';
// Shorter values (`1`, `true`, a tier name) are not secrets, and replacing them would garble the statement text.
const MIN_REDACTED_LENGTH = 6;

const isFailedQuery = (e: unknown): e is QueryErrorShape & object =>
  typeof e === 'object' && e !== null && 'params' in e && typeof (e as QueryErrorShape).query === 'string';

/** What to cut out of every text about this failure: the params line itself, then each longer value wherever it is quoted. */
function redactorFor(params: unknown): (text: string) => string {
  const line = `\nparams: ${String(params)}`;
  const values = (Array.isArray(params) ? params : [])
    .map((v) => (typeof v === 'string' ? v : v instanceof Date ? '' : typeof v === 'object' && v !== null ? JSON.stringify(v) : ''))
    .filter((v) => v.length >= MIN_REDACTED_LENGTH)
    .sort((a, b) => b.length - a.length);
  // Exact text, not a pattern: a value holding a newline or `at …` cannot survive half-removed.
  return (text) => values.reduce((t, v) => t.replaceAll(v, REDACTED), text.replace(line, ''));
}

function redactTexts(o: QueryErrorShape, redact: (text: string) => string): void {
  // Reflect.set, not assignment: a cause may be a DOMException (a parameter that could not cross to PGlite's
  // thread) whose message is a getter, and assigning to it would throw a new error over the real one.
  if (typeof o.message === 'string') Reflect.set(o, 'message', redact(o.message));
  if (typeof o.stack === 'string') Reflect.set(o, 'stack', redact(o.stack));
}

/** The same error without its bound values (message, stack, `params`, its causes' texts); anything else as it is. Changes `e` in place. */
export function redactQueryParams<E>(e: E): E {
  if (!isFailedQuery(e)) return e;
  const redact = redactorFor(e.params);
  redactTexts(e, redact);
  Reflect.deleteProperty(e, 'params');
  const seen = new Set<unknown>([e]);
  for (let c = e.cause; typeof c === 'object' && c !== null && !seen.has(c); c = (c as QueryErrorShape).cause) {
    seen.add(c);
    // The driver's own error may carry the values too (PGlite's has `params`; `detail` and `where` quote them).
    Reflect.deleteProperty(c, 'params');
    redactTexts(c as QueryErrorShape, redact);
    for (const [key, v] of Object.entries(c)) if (typeof v === 'string') Reflect.set(c, key, redact(v));
  }
  return e;
}

/**
 * pino's `err` serializer with the values removed: the net under every logged error, including queries that
 * bypass our Database (better-auth's adapter runs on drizzle directly). pino folds the causes into one
 * message and stack, so the texts are redacted after serializing.
 */
export function withoutQueryParams<T>(serialize: (e: T) => unknown): (e: T) => unknown {
  return (e) => {
    const params = isFailedQuery(e) ? e.params : undefined;
    const out = serialize(e);
    if (params === undefined || typeof out !== 'object' || out === null) return out;
    redactTexts(out as QueryErrorShape, redactorFor(params));
    Reflect.deleteProperty(out, 'params');
    return out;
  };
}
