/**
 * A UUID as PostgreSQL writes one (any version, either case). Ids from a URL are checked with it before
 * they reach SQL: PostgreSQL refuses a malformed uuid with an error, and a malformed id is simply "not found".
 */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
