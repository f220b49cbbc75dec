import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';

/** Whether the database answers a trivial statement now. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.query(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
