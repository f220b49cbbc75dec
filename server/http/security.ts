import type { MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors.ts';

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses cross-origin state-changing requests: an Origin (or, without one, Sec-Fetch-Site) that is
 * not ours gets 403. Paths in `exempt` (provider webhooks, signed by other means) are let through.
 */
export function rejectCrossOrigin(trustedOrigins: string[], exempt: (path: string) => boolean): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    if (!unsafe.has(c.req.method) || exempt(c.req.path)) return next();
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') {
      if (!trusted.has(origin)) throw new AppError('CSRF_REJECTED', 'Cross-origin request refused.');
    } else if (origin === 'null' || c.req.header('sec-fetch-site') === 'cross-site') {
      throw new AppError('CSRF_REJECTED', 'Cross-origin request refused.');
    }
    return next();
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

/**
 * A path that is not valid percent-encoding (`/%FF`) is the client's mistake: 400 before any handler
 * tries to decode it (the SPA fallback did, and answered 500 with an error log).
 */
export const rejectUndecodablePath: MiddlewareHandler = async (c, next) => {
  try {
    decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    throw new AppError('BAD_REQUEST', 'The URL path is not valid percent-encoding.', { field: 'path' });
  }
  await next();
};

/** HSTS only in production: there BASE_URL is https, while a local http://localhost must never be pinned to https. */
export const securityHeaders =
  (production: boolean): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (production) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    c.header('Content-Security-Policy', contentSecurityPolicy);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  };
