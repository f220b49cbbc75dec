import { type SQL, sql } from 'drizzle-orm';

/**
 * The one rule for paid rows (an analysis, a paid copilot answer): a row is served only once its hold was
 * captured. The statement that charged is the one that makes the row visible, so a run that failed or was
 * killed before the capture is never served. `holdId` is the row's hold column, e.g. sql`a.hold_id`.
 */
export const servedOnlyOnceCaptured = (holdId: SQL): SQL => sql`EXISTS (SELECT 1 FROM token_holds h WHERE h.id = ${holdId} AND h.status = 'captured')`;
