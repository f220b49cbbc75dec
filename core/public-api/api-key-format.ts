/**
 * The shape of an API key and where one must never be: `sp_live_` + 43 base64url characters (32 random
 * bytes). Checking the shape first answers a malformed key without a database read.
 */
import { API_KEY_PREFIX } from './limits.ts';

/** Characters after the prefix: 32 random bytes in base64url without padding. */
const API_KEY_SECRET_CHARS = 43;
/** How many characters of the secret the display prefix keeps (`sp_live_ab12…`): enough to tell keys apart, far too few to guess the rest. */
const API_KEY_DISPLAY_CHARS = 4;
/** Longest key name. */
export const API_KEY_NAME_MAX = 60;

const keyShape = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_SECRET_CHARS}}$`);

export const isWellFormedApiKey = (key: string): boolean => keyShape.test(key);

/** `sp_live_ab12`: what /settings shows of a key after creation (the UI adds the ellipsis). */
export const toDisplayPrefix = (key: string): string => key.slice(0, API_KEY_PREFIX.length + API_KEY_DISPLAY_CHARS);

/** The key of an `Authorization: Bearer <key>` header, or null for another scheme or none. */
export function readBearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return m ? m[1]! : null;
}

// Names clients and tutorials use for credentials in URLs.
const credentialParamNames = /^(x[-_]?)?(api[-_]?key|key|token|access[-_]?token|auth|authorization|bearer|secret|client[-_]?secret|password)$/i;

/**
 * The query parameter that carries a credential: one named like a key (`api_key`, `key`, `token`…), or any
 * whose value holds a Stockpilot key. Null when the query is clean. URLs are logged by proxies and kept
 * in browser history, so such requests are refused rather than served.
 */
export function findCredentialInQuery(params: Readonly<Record<string, string>>): string | null {
  for (const [name, value] of Object.entries(params)) {
    if (credentialParamNames.test(name) || value.includes(API_KEY_PREFIX)) return name;
  }
  return null;
}
