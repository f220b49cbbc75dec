import { sql } from 'drizzle-orm';
import type { Queryable } from '../../adapters/db/index.ts';

/** The profile feature's SQL: the `profiles` row, the account's display name and the stored avatar. */

export interface ProfileRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  updated_at: string | null;
}

export interface ProfilePatch {
  first_name?: string | null;
  last_name?: string | null;
  avatar_url?: string | null;
}

export async function selectProfile(q: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await q.query<ProfileRow>(sql`SELECT id, first_name, last_name, avatar_url, updated_at FROM profiles WHERE id = ${userId}`);
  return row;
}

/** Applies the given fields (others unchanged) and sets updated_at; creates the row when missing. */
export async function upsertProfile(q: Queryable, userId: string, patch: ProfilePatch): Promise<void> {
  const has = (k: keyof ProfilePatch) => patch[k] !== undefined;
  await q.query(sql`
    INSERT INTO profiles (id, first_name, last_name, avatar_url, updated_at)
    VALUES (${userId}, ${patch.first_name ?? null}, ${patch.last_name ?? null}, ${patch.avatar_url ?? null}, now())
    ON CONFLICT (id) DO UPDATE SET
      first_name = CASE WHEN ${has('first_name')}::boolean THEN EXCLUDED.first_name ELSE profiles.first_name END,
      last_name = CASE WHEN ${has('last_name')}::boolean THEN EXCLUDED.last_name ELSE profiles.last_name END,
      avatar_url = CASE WHEN ${has('avatar_url')}::boolean THEN EXCLUDED.avatar_url ELSE profiles.avatar_url END,
      updated_at = now()`);
}

/** Keeps the account's display name in step with the profile's names (an empty pair keeps the old name). */
export async function copyNamesToAccount(q: Queryable, userId: string): Promise<void> {
  await q.query(sql`
    UPDATE "user" u SET name = COALESCE(NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.name), updated_at = now()
    FROM profiles p WHERE p.id = u.id AND u.id = ${userId}`);
}

/** Fills only the names still empty (a linked Google account keeps chosen names). */
export async function fillEmptyNames(q: Queryable, userId: string, names: { firstName: string | null; lastName: string | null }): Promise<void> {
  await q.query(sql`
    INSERT INTO profiles (id, first_name, last_name, updated_at) VALUES (${userId}, ${names.firstName}, ${names.lastName}, now())
    ON CONFLICT (id) DO UPDATE SET
      first_name = COALESCE(profiles.first_name, EXCLUDED.first_name),
      last_name = COALESCE(profiles.last_name, EXCLUDED.last_name),
      updated_at = now()`);
}

export async function upsertAvatar(q: Queryable, userId: string, avatar: { contentType: string; bytes: Uint8Array; etag: string }): Promise<void> {
  await q.query(sql`
    INSERT INTO profile_avatars (user_id, content_type, bytes, etag, updated_at) VALUES (${userId}, ${avatar.contentType}, ${avatar.bytes}, ${avatar.etag}, now())
    ON CONFLICT (user_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, etag = EXCLUDED.etag, updated_at = now()`);
}

export async function deleteAvatarRow(q: Queryable, userId: string): Promise<void> {
  await q.query(sql`DELETE FROM profile_avatars WHERE user_id = ${userId}`);
}

export async function selectAvatar(q: Queryable, userId: string): Promise<{ contentType: string; bytes: Uint8Array; etag: string } | null> {
  const [row] = await q.query<{ content_type: string; bytes: Uint8Array; etag: string }>(
    sql`SELECT content_type, bytes, etag FROM profile_avatars WHERE user_id = ${userId}`,
  );
  return row ? { contentType: row.content_type, bytes: row.bytes, etag: row.etag } : null;
}

/** The profile row for the account export (the avatar as its content type and size, not its bytes). */
export async function readProfileForExport(q: Queryable, userId: string) {
  const [row] = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (
      SELECT p.first_name, p.last_name, p.avatar_url, p.updated_at, a.content_type AS avatar_content_type, octet_length(a.bytes) AS avatar_bytes
      FROM (SELECT ${userId}::text AS id) u
      LEFT JOIN profiles p ON p.id = u.id LEFT JOIN profile_avatars a ON a.user_id = u.id) t`);
  return row?.r ?? null;
}
