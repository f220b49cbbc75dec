import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { AppError } from '../lib/errors.ts';

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses cross-origin state-changing requests: an Origin (or, without one, Sec-Fetch-Site) that is
 * not ours gets 403. Paths in `exempt` (provider webhooks, signed by other means) are let through.
 */
export function createCrossOriginCheck(trustedOrigins: string[], exempt: (path: string) => boolean): (c: Context) => void {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  return (c) => {
    if (!unsafe.has(c.req.method) || exempt(c.req.path)) return;
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') {
      if (!trusted.has(origin)) throw new AppError('CSRF_REJECTED', 'Cross-origin request refused.');
    } else if (origin === 'null' || c.req.header('sec-fetch-site') === 'cross-site') {
      throw new AppError('CSRF_REJECTED', 'Cross-origin request refused.');
    }
  };
}

export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // sonner and React inject <style> at run time; no inline script is ever allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/** The request target's path as the client sent it (still percent-encoded), without building a URL object. */
export function readRawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start < 0) return '/';
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const ch = url.charCodeAt(i);
    if (ch === 63 /* ? */ || ch === 35 /* # */) {
      end = i;
      break;
    }
  }
  return url.slice(start, end);
}

/**
 * A path that is not valid percent-encoding (`/%FF`) is the client's mistake: 400 before any handler
 * tries to decode it (the SPA fallback did, and answered 500 with an error log).
 */
export function assertDecodablePath(url: string): void {
  const path = readRawPath(url);
  if (!path.includes('%')) return;
  try {
    decodeURIComponent(path);
  } catch {
    throw new AppError('BAD_REQUEST', 'The URL path is not valid percent-encoding.', { field: 'path' });
  }
}

/** Header pairs in the order they are set. */
export type HeaderPairs = ReadonlyArray<readonly [name: string, value: string]>;
type SecurityHeaders = HeaderPairs;

/** The headers every answer carries, computed once. HSTS only in production: there BASE_URL is https, while a local http://localhost must never be pinned to https. */
export function buildSecurityHeaders(production: boolean): SecurityHeaders {
  return [
    ...(production ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
    ['Content-Security-Policy', contentSecurityPolicy],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
}

/**
 * Under @hono/node-server: sets the headers straight onto Node's response, so whatever the route answers (its
 * own Response, an error, a stream) carries them, and no WHATWG Headers or Response is built or rebuilt for
 * them. False when there is no socket (`app.request` in tests) or the head is already sent: then use `c.header`.
 */
export function setHeadersOnSocket(c: Context, headers: HeaderPairs): boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || outgoing.headersSent) return false;
  for (const [name, value] of headers) outgoing.setHeader(name, value);
  return true;
}

/** The headers on whatever answer goes out: on the socket when there is one, else on the context before the answer is built. */
export function setHeadersOnAnswer(c: Context, headers: HeaderPairs): void {
  if (!setHeadersOnSocket(c, headers)) setHeadersOnContext(c, headers);
}

/** Through `c.header`: onto the answer being built, or the finished one (without a socket: `app.request`). */
export function setHeadersOnContext(c: Context, headers: HeaderPairs): void {
  for (const [name, value] of headers) c.header(name, value);
}
