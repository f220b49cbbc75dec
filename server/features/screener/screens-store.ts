import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ScreenDefinition } from '../../../core/screener/screener-types.ts';
import type { Database } from '../../adapters/db/index.ts';

export interface StoredScreen extends ScreenDefinition {
  id: string;
  name: string;
  createdAt: string;
}

interface ScreenRow {
  id: string;
  name: string;
  definition: ScreenDefinition | string;
  created_at: string | Date;
}

function toStoredScreen(r: ScreenRow): StoredScreen {
  const d = typeof r.definition === 'string' ? (JSON.parse(r.definition) as ScreenDefinition) : r.definition;
  return { id: r.id, name: r.name, filters: d.filters, sort: d.sort, columns: d.columns, createdAt: new Date(r.created_at).toISOString() };
}

export async function listScreens(db: Database, userId: string): Promise<StoredScreen[]> {
  const rows = await db.query<ScreenRow>(sql`
    SELECT id, name, definition, created_at FROM screener_saved_screens
    WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`);
  return rows.map(toStoredScreen);
}

/**
 * Inserts the screen unless the user already has `limit` (null then). The count and the insert run
 * under a per-user advisory lock, so parallel saves from several processes cannot pass the limit together.
 */
export async function insertScreen(
  db: Database,
  userId: string,
  screen: { name: string; definition: ScreenDefinition; createdAt: Date },
  limit: number,
): Promise<StoredScreen | null> {
  const id = randomUUID();
  const definition: ScreenDefinition = { filters: screen.definition.filters, sort: screen.definition.sort, columns: screen.definition.columns };
  return db.transaction(async (tx) => {
    // One user's saves queue on this lock; other users are not held up.
    await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext(${`screener-screens:${userId}`}))`);
    const [count] = await tx.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM screener_saved_screens WHERE user_id = ${userId}`);
    if (Number(count?.n ?? 0) >= limit) return null;
    const [row] = await tx.query<ScreenRow>(sql`
      INSERT INTO screener_saved_screens (id, user_id, name, definition, created_at)
      VALUES (${id}, ${userId}, ${screen.name}, ${JSON.stringify(definition)}::jsonb, ${screen.createdAt.toISOString()})
      RETURNING id, name, definition, created_at`);
    return toStoredScreen(row!);
  });
}

/** Deletes the user's screen; false when there is none with that id for this user. */
export async function deleteScreen(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(sql`DELETE FROM screener_saved_screens WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  return rows.length > 0;
}

/** The user's saved screens, oldest first, for the account export. */
export async function readSavedScreensForExport(q: Pick<Database, 'query'>, userId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (
      SELECT id, name, definition, created_at FROM screener_saved_screens WHERE user_id = ${userId} ORDER BY created_at, id) t`);
  return rows.map((x) => x.r);
}
