import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import type { SessionUser } from '../../http/app-env.ts';

/** Who a session cookie belongs to, as the session middleware hands it to every route. */
export interface SessionHit {
  user: SessionUser;
  sessionId: string;
  /** When the session row expires (ms since epoch): a cached hit is never used past it. */
  expiresAtMs: number;
}

export interface SessionReaderOptions {
  db: Database;
  /** better-auth's session cookie name (with its `__Secure-` prefix in production) and signing secret. */
  cookieName: string;
  secret: string;
  /** better-auth's session timings (seconds): a session within `updateAge` of its last extension is refreshed by better-auth. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
  /** better-auth's own getSession, for the rare session that is expired or due for its daily extension. */
  readThroughBetterAuth: (cookieHeader: string) => Promise<SessionHit | null>;
  /** How old the known session revision may be before a request re-reads it (the cross-process revocation bound). */
  revisionCheckMs: number;
  /** A cached answer is re-read from the database at least this often, whatever the revision says. */
  entryMaxAgeMs?: number;
  maxEntries?: number;
  /** Milliseconds clock; tests move it. */
  nowMs?: () => number;
}

interface Entry {
  hit: SessionHit | null;
  storedAtMs: number;
}

/**
 * The session middleware's read path. A signed session cookie is verified with node:crypto (sync, no
 * better-auth request context) and answered from an in-process cache keyed by the signed cookie value
 * itself, so a recently seen session costs no database read; a miss costs one indexed read (session
 * joined to its user). Revocation: this process drops its cache at once when an auth request changes
 * sessions (`forgetAll`); every process drops it when the `session_revision` counter moves (bumped by
 * triggers on any delete of a session or change of a user: sign-out, password change or reset, an
 * operator's SQL), and a request never trusts a revision older than `revisionCheckMs`. So a revoked
 * cookie is refused on every process within `revisionCheckMs` (+ the time of one small query).
 */
export function createSessionReader(options: SessionReaderOptions) {
  const { db, cookieName, secret, revisionCheckMs } = options;
  const nowMs = options.nowMs ?? Date.now;
  const entryMaxAgeMs = options.entryMaxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 50_000;
  const cache = new Map<string, Entry>();
  // Bumped on every clear: a read that started before a clear must not store what it found.
  let generation = 0;
  let revision: number | null = null;
  let revisionCheckedAtMs = Number.NEGATIVE_INFINITY;
  let revisionRead: Promise<void> | null = null;

  const forgetAll = () => {
    cache.clear();
    generation++;
  };

  const refreshRevision = () =>
    (revisionRead ??= (async () => {
      try {
        const startedAtMs = nowMs();
        const [row] = await db.query<{ revision: number | string }>(sql`SELECT revision FROM session_revision WHERE id = 1`);
        const seen = Number(row?.revision ?? 0);
        if (seen !== revision) {
          forgetAll();
          revision = seen;
        }
        revisionCheckedAtMs = startedAtMs;
      } finally {
        revisionRead = null;
      }
    })());

  async function readSessionRow(token: string): Promise<SessionHit | 'ask-better-auth' | null> {
    const [row] = await db.query<{
      session_id: string;
      expires_ms: number;
      id: string;
      email: string;
      name: string;
      email_verified: boolean;
      image: string | null;
    }>(sql`
      SELECT s.id AS session_id, (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
             u.id, u.email, u.name, u.email_verified, u.image
      FROM session s JOIN "user" u ON u.id = s.user_id
      WHERE s.token = ${token}`);
    if (!row) return null;
    const now = Date.now();
    // Expired (better-auth deletes it) or due for its sliding extension (better-auth writes it): its own path, rarely.
    const refreshDue = row.expires_ms - options.expiresInSeconds * 1000 + options.updateAgeSeconds * 1000 <= now;
    if (row.expires_ms <= now || refreshDue) return 'ask-better-auth';
    const user: SessionUser = Object.freeze({ id: row.id, email: row.email, name: row.name, emailVerified: row.email_verified, image: row.image });
    return { user, sessionId: row.session_id, expiresAtMs: row.expires_ms };
  }

  /** The signed-in user for a Cookie header, or null (no session cookie, a bad signature, a revoked or expired session). */
  async function readSession(cookieHeader: string): Promise<SessionHit | null> {
    const signed = readCookie(cookieHeader, cookieName);
    if (!signed) return null;
    if (nowMs() - revisionCheckedAtMs >= revisionCheckMs) await refreshRevision();
    // Keyed by the whole signed value: a hit is a value whose signature was verified when it was stored. (A
    // SHA-256 of it as the key cost 2 % of a signed-in request and bought nothing: the value is in memory anyway.)
    const key = signed;
    const entry = cache.get(key);
    const now = nowMs();
    if (entry && now - entry.storedAtMs < entryMaxAgeMs && (!entry.hit || entry.hit.expiresAtMs > Date.now())) return entry.hit;
    const token = verifySignedValue(signed, secret);
    if (!token) return null;
    const startedIn = generation;
    let found = await readSessionRow(token);
    if (found === 'ask-better-auth') found = await options.readThroughBetterAuth(cookieHeader);
    if (startedIn === generation) {
      cache.delete(key);
      // Oldest first out: a flood of distinct cookies cannot grow the map without bound.
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, { hit: found, storedAtMs: now });
    }
    return found;
  }

  return { readSession, forgetAll };
}

export type SessionReader = ReturnType<typeof createSessionReader>;

/** A cookie's value from a Cookie header (the first one of that name, percent-decoded), as better-auth reads it. */
export function readCookie(header: string, name: string): string | null {
  // Scans for `name=` at a pair's start instead of splitting the header: the session read runs on every signed-in request.
  let from = 0;
  for (;;) {
    const at = header.indexOf(name, from);
    if (at < 0) return null;
    from = at + name.length;
    let before = at - 1;
    while (before >= 0 && (header[before] === ' ' || header[before] === '\t')) before--;
    if (before >= 0 && header[before] !== ';') continue;
    let eq = from;
    while (header[eq] === ' ' || header[eq] === '\t') eq++;
    if (header[eq] !== '=') continue;
    const end = header.indexOf(';', eq);
    let value = header.slice(eq + 1, end < 0 ? undefined : end).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
}

/**
 * The token inside a better-auth signed cookie value (`token.base64(HMAC-SHA256(secret, token))`), or
 * null when the signature does not match. node:crypto's HMAC is synchronous: no WebCrypto key import or
 * promise per request.
 */
export function verifySignedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const token = signed.slice(0, dot);
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
