import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../adapters/db/index.ts';
import type { SessionUser } from '../../http/app-env.ts';
import { deleteSession, selectSessionRevision, selectSessionWithUser, touchSession } from './auth-session-store.ts';

/** Who a session cookie belongs to, as the session middleware hands it to every route. */
interface SessionHit {
  user: SessionUser;
  sessionId: string;
  /** When the session ends unless used again (ms since epoch): the earlier of its absolute expiry and the idle deadline. A cached hit is never used past it. */
  expiresAtMs: number;
}

interface SessionReaderOptions {
  db: Database;
  /** better-auth's session cookie name (with its `__Secure-` prefix in production) and signing secret. */
  cookieName: string;
  secret: string;
  /** A session not used for this long ends (its row is deleted on the first request after). */
  idleTimeoutMs: number;
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
 * Lifetimes: a session past its absolute expiry (`expires_at`) or unused for `idleTimeoutMs` (since
 * `updated_at`, which this reader moves at most once per touch interval) is deleted and refused.
 */
export function createSessionReader(options: SessionReaderOptions) {
  const { db, cookieName, secret, revisionCheckMs } = options;
  const nowMs = options.nowMs ?? Date.now;
  const entryMaxAgeMs = options.entryMaxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 50_000;
  // Recording every use would be a write per request; a tenth of the idle timeout (at most an hour) keeps the
  // idle deadline within 10 % of exact at one write per session per interval.
  const touchEveryMs = Math.min(options.idleTimeoutMs / 10, 3_600_000);
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
        const seen = await selectSessionRevision(db);
        if (seen !== revision) {
          forgetAll();
          revision = seen;
        }
        revisionCheckedAtMs = startedAtMs;
      } finally {
        revisionRead = null;
      }
    })());

  async function readSessionRow(token: string): Promise<SessionHit | null> {
    const row = await selectSessionWithUser(db, token);
    if (!row) return null;
    const now = nowMs();
    // expires_at is sign-in + the absolute timeout (better-auth never extends it: disableSessionRefresh);
    // updated_at is the last use we recorded. Whichever deadline comes first ends the session.
    if (Math.min(row.expires_ms, row.active_ms + options.idleTimeoutMs) <= now) {
      // Deleted, not just refused: better-auth's own endpoints (get-session, change-password) then refuse it too.
      // The delete trigger moves the revision, so every process forgets it.
      await deleteSession(db, row.session_id);
      return null;
    }
    let activeMs = row.active_ms;
    if (now - activeMs >= touchEveryMs) {
      // One write per session per touch interval records the use (the trigger ignores updated_at: no revision bump).
      await touchSession(db, row.session_id, new Date(now));
      activeMs = now;
    }
    const user: SessionUser = Object.freeze({ id: row.id, email: row.email, name: row.name, emailVerified: row.email_verified, image: row.image });
    return { user, sessionId: row.session_id, expiresAtMs: Math.min(row.expires_ms, activeMs + options.idleTimeoutMs) };
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
    if (entry && now - entry.storedAtMs < entryMaxAgeMs && (!entry.hit || entry.hit.expiresAtMs > now)) return entry.hit;
    const token = verifySignedValue(signed, secret);
    if (!token) return null;
    const startedIn = generation;
    const found = await readSessionRow(token);
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
function verifySignedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const token = signed.slice(0, dot);
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
