import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { AppError, isAppError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';

/** Turns a zod failure into VALIDATION_FAILED naming the first field at fault (and listing all of them). */
export function validationError(error: ZodError, target?: string): AppError {
  // An unrecognized key is named by itself (`page`), not by the object holding it (`json`).
  const pathOf = (i: ZodError['issues'][number]) => (i.code === 'unrecognized_keys' && i.keys.length > 0 ? [...i.path, i.keys[0]!] : i.path);
  const issues = error.issues.map((i) => ({ field: pathOf(i).map(String).join('.') || target || 'body', message: i.message }));
  const first = issues[0] ?? { field: target ?? 'body', message: 'Invalid input' };
  return new AppError('VALIDATION_FAILED', `${first.field}: ${first.message}`, { field: first.field, details: issues });
}

/** What an API path with no route answers; routes that hide themselves (the dev outbox) answer the same. */
export const unknownApiRouteError = (method: string, path: string) => new AppError('NOT_FOUND', `No API route ${method} ${path}.`);

/**
 * The one place where thrown things become HTTP answers. AppErrors go out as they are; Hono's own
 * HTTP exceptions are mapped to codes; anything else is logged and answered INTERNAL_ERROR without detail.
 */
export function toErrorResponse(err: unknown, c: Context, logger: Logger): Response {
  if (isAppError(err)) {
    if (err.status >= 500) logger.error({ err, path: c.req.path, requestId: c.get('requestId') }, err.message);
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(err.toBody(), err.status);
  }
  if (err instanceof HTTPException) {
    const mapped = mapHttpException(err);
    return c.json(mapped.toBody(), mapped.status);
  }
  logger.error({ err, path: c.req.path, method: c.req.method, requestId: c.get('requestId') }, 'unhandled error');
  return c.json(new AppError('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.').toBody(), 500);
}

function mapHttpException(err: HTTPException): AppError {
  if (err.status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
  if (err.status === 400 && /json/i.test(err.message)) return new AppError('INVALID_JSON', 'The request body is not valid JSON.', { field: 'body' });
  if (err.status === 401) return new AppError('UNAUTHORIZED', 'Sign in to continue.');
  if (err.status === 403) return new AppError('FORBIDDEN', err.message || 'Forbidden.');
  if (err.status === 404) return new AppError('NOT_FOUND', 'Not found.');
  if (err.status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', err.message || 'Unsupported content type.');
  if (err.status === 429) return new AppError('RATE_LIMITED', 'Too many requests. Please wait and try again.');
  if (err.status >= 400 && err.status < 500) return new AppError('BAD_REQUEST', err.message || 'Bad request.');
  return new AppError('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
}
