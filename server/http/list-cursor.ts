import { AppError } from '../lib/errors.ts';

/** A keyset position in a newest-first list: the row's timestamp (ISO, as the store gives it out) and its id. */
export interface ListPosition {
  at: string;
  id: string;
}

// Only what `encodeListCursor` writes: `Date.parse` also takes `1` or `May 5`, and a loose id regex took
// 36 dashes; both reached PostgreSQL's casts and came back as 500s.
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque `next_cursor` a list gives out for the last row of a page. */
export const encodeListCursor = (p: ListPosition): string => Buffer.from(`${p.at}|${p.id}`).toString('base64url');

/** The position a cursor names; anything a list did not give out is 400 BAD_REQUEST naming `field`, before any query runs. */
export function decodeListCursor(cursor: string, field = 'cursor'): ListPosition {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (at === undefined || id === undefined || rest.length > 0 || !isoInstant.test(at) || !uuid.test(id) || new Date(at).toISOString() !== at) {
    throw new AppError('BAD_REQUEST', 'This cursor is not one the list gave out.', { field });
  }
  return { at, id };
}
