import type { ErrorBody, ErrorCode } from '../../../server/lib/errors.ts';
import { takeOpeningRead } from './opening-reads.ts';

/**
 * The answers that mean "not now, later": the server sends `Retry-After` with each (the rate limits in
 * server/http/rate-limit.ts, the PDF render queue). Spelled here, checked against the server's codes.
 */
const WAIT_CODES = ['RATE_LIMITED', 'SERVICE_UNAVAILABLE'] as const satisfies readonly ErrorCode[];
type WaitCode = (typeof WAIT_CODES)[number];
/** Said when the server did not say what happened (a proxy's bare 429 or 503). */
const defaultWaitReasons: Record<WaitCode, string> = {
  RATE_LIMITED: 'Too many requests',
  SERVICE_UNAVAILABLE: 'Stockpilot is busy',
};

/** The error shape of DESIGN §5, surfaced to the UI with the server's message and field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** From `Retry-After`: how long to wait before the same request can succeed (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** `Retry-After` as whole seconds from `nowMs`: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function readRetryAfterSeconds(value: string | null, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** A wait as people say it: seconds under a minute and a half, then whole minutes, then hours (rounded up: never too early). */
export function formatWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} min`;
  return `${Math.ceil(seconds / 3600)} h`;
}

const waitCodeOf = (status: number, code: string): WaitCode | undefined =>
  WAIT_CODES.find((c) => c === code) ?? (status === 429 ? 'RATE_LIMITED' : status === 503 ? 'SERVICE_UNAVAILABLE' : undefined);

/**
 * What the user reads for an error answer. For "not now" answers: what happened (the server's message
 * without its last sentence when that one says "try again …", or a default) and when to retry, from `Retry-After` — the
 * header is the contract, the sentence in the message only prose. Anything else: the server's message
 * (its messages are written for people), or the status.
 */
function describeApiError(answer: { status: number; code: string; message?: string; retryAfterSeconds?: number }): string {
  const wait = waitCodeOf(answer.status, answer.code);
  if (!wait) return answer.message || `Request failed (${answer.status}).`;
  const said = answer.message?.replace(/\s*[^.]*\btry again\b[^.]*\.?\s*$/i, '').replace(/[.\s]+$/, '');
  const what = said || defaultWaitReasons[wait];
  const when = answer.retryAfterSeconds === undefined ? 'try again in a moment' : `try again in ${formatWait(answer.retryAfterSeconds)}`;
  return `${what} — ${when}.`;
}

/**
 * The one place where an error answer of the API becomes an ApiError: the contract's body
 * (`{"error":{"code","message","field"}}`, or none at all), `Retry-After`, and the message from describeApiError.
 */
export async function readApiError(res: Response, nowMs = Date.now()): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  // better-auth's own codes (INVALID_EMAIL_OR_PASSWORD…) come through too, hence a plain string.
  const err = (data as { error?: Partial<Omit<ErrorBody['error'], 'code'>> & { code?: string } } | null)?.error;
  const code = err?.code ?? 'HTTP_ERROR';
  const retryAfterSeconds = readRetryAfterSeconds(res.headers.get('retry-after'), nowMs);
  const message = describeApiError({ status: res.status, code, message: err?.message, retryAfterSeconds });
  return new ApiError(res.status, code, message, err?.field, retryAfterSeconds);
}

/** fetch for the app's own JSON API: same-origin cookies, JSON in and out, errors thrown as ApiError. */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let res: Response;
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  try {
    res = await ((method === 'GET' && takeOpeningRead(path)) ||
      fetch(path, {
        method,
        credentials: 'same-origin',
        headers: init.body === undefined || init.body instanceof FormData ? {} : { 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : init.body instanceof FormData ? init.body : JSON.stringify(init.body),
        signal: init.signal,
      }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Stockpilot. Check your connection and try again.');
  }
  if (!res.ok) throw await readApiError(res);
  const text = await res.text();
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    return null as T;
  }
}

/**
 * TanStack Query `retry`: a 4xx (unknown symbol, no data) is an answer, not a glitch, and so is a "not now"
 * with `Retry-After` (retrying at once would only be refused again); anything else is retried once.
 */
export const retryUnlessClientError = (count: number, e: unknown) =>
  !(e instanceof ApiError && ((e.status >= 400 && e.status < 500) || e.retryAfterSeconds !== undefined)) && count < 1;

/** Saves a downloaded file under `name` (the browser's own download, from memory). */
export function saveBlobAs(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the object URL; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name the server suggests (Content-Disposition), or `fallback`. */
export const readDownloadName = (res: Response, fallback: string) => /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
