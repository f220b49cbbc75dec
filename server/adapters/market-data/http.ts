import type { FetchLike } from './types.ts';

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface FetchJsonOptions {
  fetch: FetchLike;
  headers?: Record<string, string>;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts after the first, for timeouts, network errors, 429 and 5xx. */
  retries?: number;
  /** First back-off; doubles each retry, with up to 25% jitter. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * GETs JSON with a timeout per attempt and retries with exponential back-off. Resolves null on 404
 * (the vendor does not know the symbol); throws UpstreamError once attempts are exhausted.
 */
export async function fetchJson<T>(url: string, options: FetchJsonOptions): Promise<T | null> {
  const { timeoutMs = 5000, retries = 2, backoffMs = 250, sleep = defaultSleep } = options;
  let last: UpstreamError = new UpstreamError('not attempted', null, true);
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1) * (1 + Math.random() * 0.25));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await options.fetch(url, { headers: { accept: 'application/json', ...options.headers }, signal: controller.signal });
      if (res.status === 404) return null;
      if (!res.ok) {
        const retryable = res.status === 429 || res.status >= 500;
        last = new UpstreamError(`${new URL(url).host} answered ${res.status}`, res.status, retryable);
        if (!retryable) throw last;
        continue;
      }
      return (await res.json()) as T;
    } catch (e) {
      if (e instanceof UpstreamError && !e.retryable) throw e;
      if (!(e instanceof UpstreamError)) {
        const timedOut = controller.signal.aborted;
        last = new UpstreamError(
          timedOut ? `${new URL(url).host} timed out after ${timeoutMs} ms` : `${new URL(url).host} unreachable: ${(e as Error).message}`,
          null,
          true,
        );
      }
    } finally {
      clearTimeout(timer);
    }
  }
  throw last;
}
