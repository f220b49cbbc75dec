import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { AppError } from '../../lib/errors.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
const acceptedFormats = new Set(['png', 'jpeg', 'webp']);

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

const toIso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const avatarPath = (userId: string, etag: string) => `/api/profile/avatar/${encodeURIComponent(userId)}?v=${etag}`;

export function createProfileService(db: Database) {
  async function getProfile(userId: string): Promise<ProfileRow> {
    const [row] = await db.query<ProfileRow>(sql`SELECT id, first_name, last_name, avatar_url, updated_at FROM profiles WHERE id = ${userId}`);
    // A missing row is not an error (SPEC §4): the same shape with nulls.
    if (!row) return { id: userId, first_name: null, last_name: null, avatar_url: null, updated_at: null };
    return { ...row, updated_at: toIso(row.updated_at) };
  }

  /** Applies the given fields (others unchanged), sets updated_at, and keeps the account's display name in step. */
  async function updateProfile(userId: string, patch: ProfilePatch): Promise<ProfileRow> {
    const has = (k: keyof ProfilePatch) => patch[k] !== undefined;
    await db.transaction(async (tx) => {
      await tx.query(sql`
        INSERT INTO profiles (id, first_name, last_name, avatar_url, updated_at)
        VALUES (${userId}, ${patch.first_name ?? null}, ${patch.last_name ?? null}, ${patch.avatar_url ?? null}, now())
        ON CONFLICT (id) DO UPDATE SET
          first_name = CASE WHEN ${has('first_name')}::boolean THEN EXCLUDED.first_name ELSE profiles.first_name END,
          last_name = CASE WHEN ${has('last_name')}::boolean THEN EXCLUDED.last_name ELSE profiles.last_name END,
          avatar_url = CASE WHEN ${has('avatar_url')}::boolean THEN EXCLUDED.avatar_url ELSE profiles.avatar_url END,
          updated_at = now()`);
      if (has('first_name') || has('last_name')) {
        await tx.query(sql`
          UPDATE "user" u SET name = COALESCE(NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.name), updated_at = now()
          FROM profiles p WHERE p.id = u.id AND u.id = ${userId}`);
      }
    });
    return getProfile(userId);
  }

  /** Names from sign-up or the identity provider; fills only what is still empty (a linked Google account keeps chosen names). */
  async function saveNames(userId: string, names: { firstName: string | null; lastName: string | null }): Promise<void> {
    await db.query(sql`
      INSERT INTO profiles (id, first_name, last_name, updated_at) VALUES (${userId}, ${names.firstName}, ${names.lastName}, now())
      ON CONFLICT (id) DO UPDATE SET
        first_name = COALESCE(profiles.first_name, EXCLUDED.first_name),
        last_name = COALESCE(profiles.last_name, EXCLUDED.last_name),
        updated_at = now()`);
  }

  /** Checks the bytes are a PNG, JPEG or WebP image (by content, not by name), scales to 256×256 WebP, stores it and points avatar_url at it. */
  async function saveAvatar(userId: string, input: Uint8Array): Promise<ProfileRow> {
    if (input.byteLength === 0) throw new AppError('INVALID_IMAGE', 'Choose an image file.', { field: 'avatar' });
    if (input.byteLength > AVATAR_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE', 'The image is larger than 2 MB. Choose a smaller one.', { field: 'avatar' });
    // sharp (native, ~110 ms to load) is needed only here, so it stays off the start-up path.
    const { default: sharp } = await import('sharp');
    let webp: Buffer;
    try {
      const image = sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' });
      const meta = await image.metadata();
      if (!meta.format || !acceptedFormats.has(meta.format)) throw new Error(`format ${meta.format}`);
      webp = await image.rotate().resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
    } catch {
      throw new AppError('INVALID_IMAGE', 'This file is not a PNG, JPEG or WebP image.', { field: 'avatar' });
    }
    const etag = createHash('sha256').update(webp).digest('hex').slice(0, 16);
    await db.query(sql`
      INSERT INTO profile_avatars (user_id, content_type, bytes, etag, updated_at) VALUES (${userId}, 'image/webp', ${webp}, ${etag}, now())
      ON CONFLICT (user_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, etag = EXCLUDED.etag, updated_at = now()`);
    return updateProfile(userId, { avatar_url: avatarPath(userId, etag) });
  }

  async function deleteAvatar(userId: string): Promise<ProfileRow> {
    await db.query(sql`DELETE FROM profile_avatars WHERE user_id = ${userId}`);
    return updateProfile(userId, { avatar_url: null });
  }

  async function getAvatar(userId: string): Promise<{ contentType: string; bytes: Uint8Array; etag: string } | null> {
    const [row] = await db.query<{ content_type: string; bytes: Uint8Array; etag: string }>(
      sql`SELECT content_type, bytes, etag FROM profile_avatars WHERE user_id = ${userId}`,
    );
    return row ? { contentType: row.content_type, bytes: row.bytes, etag: row.etag } : null;
  }

  return { getProfile, updateProfile, saveNames, saveAvatar, deleteAvatar, getAvatar };
}

export type ProfileService = ReturnType<typeof createProfileService>;
