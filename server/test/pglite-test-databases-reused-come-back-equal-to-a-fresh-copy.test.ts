import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { createTestDatabase } from './db.ts';
import { readPgliteTemplate } from './template.ts';
import { insertTestUser } from './users.ts';

/** Every public table's rows as JSON, and every sequence's next value: what a test could observe. */
async function readEverything(query: (text: string) => Promise<Array<Record<string, unknown>>>) {
  const tables = (await query(`SELECT format('%I.%I', schemaname, tablename) AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).map(
    (r) => r.t as string,
  );
  const rows: Record<string, unknown> = {};
  for (const t of tables) rows[t] = (await query(`SELECT coalesce(json_agg(x ORDER BY x::text)::text, '[]') AS j FROM ${t} x`))[0]!.j;
  const sequences = await query(`SELECT sequencename, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`);
  const triggers = await query(`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`);
  return { tables, rows, sequences, triggers };
}

const through = (db: Database) => async (text: string) => db.query<Record<string, unknown>>(sql.raw(text));

describe('PGlite test databases are reused within a worker', () => {
  const fresh = PGlite.create({ loadDataDir: readPgliteTemplate() });
  afterAll(async () => (await fresh).close());
  const freshState = async () => readEverything(async (text) => (await (await fresh).query<Record<string, unknown>>(text)).rows);

  it('a database written to, then closed, comes back holding exactly what a fresh copy of the template holds', async () => {
    const first = await createTestDatabase('pglite');
    const { id } = await insertTestUser(first);
    await first.query(sql`INSERT INTO session (id, user_id, token, expires_at) VALUES ('s1', ${id}, 'tok', now() + interval '1 day')`);
    await first.query(sql`DELETE FROM session`); // bumps session_revision
    await first.query(sql`SET TIME ZONE 'America/New_York'`);
    // How many bumps the writes above make depends on the session triggers; that the counter moved off 0 is what matters.
    expect((await first.query<{ revision: number }>(sql`SELECT revision FROM session_revision`))[0]!.revision).toBeGreaterThan(0);
    await first.close();

    const second = await createTestDatabase('pglite');
    expect(await readEverything(through(second))).toEqual(await freshState());
    const timeZone = 'SELECT current_setting($$TimeZone$$) AS tz';
    expect(await second.query(sql.raw(timeZone))).toEqual((await (await fresh).query(timeZone)).rows);
    await second.close();
  });

  it('a closed handle refuses queries, as a closed database does, even once its instance serves another test', async () => {
    const first = await createTestDatabase('pglite');
    await first.close();
    const second = await createTestDatabase('pglite');
    await expect(first.query(sql`SELECT 1`)).rejects.toThrow();
    await expect(insertTestUser(first)).rejects.toThrow();
    expect(await second.query(sql`SELECT count(*)::int AS n FROM "user"`)).toEqual([{ n: 0 }]);
    await second.close();
  });

  it('a database whose schema a test changed (a trigger) is not reused: the next one has the template schema', async () => {
    const changed = await createTestDatabase('pglite');
    await changed.exec(`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$;
      CREATE TRIGGER refuse_users BEFORE INSERT ON "user" FOR EACH ROW EXECUTE FUNCTION refuse();`);
    await expect(insertTestUser(changed)).rejects.toThrow();
    await changed.close();
    const next = await createTestDatabase('pglite');
    const next2 = await createTestDatabase('pglite');
    for (const db of [next, next2]) {
      expect(await readEverything(through(db))).toEqual(await freshState());
      await insertTestUser(db);
    }
    await Promise.all([next.close(), next2.close()]);
  });
});
