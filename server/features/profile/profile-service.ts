import { createHash } from 'node:crypto';
import type { Database } from '../../adapters/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  copyNamesToAccount,
  deleteAvatarRow,
  fillEmptyNames,
  type ProfilePatch,
  type ProfileRow,
  selectAvatar,
  selectProfile,
  upsertAvatar,
  upsertProfile,
} from './profile-store.ts';

export type { ProfilePatch, ProfileRow } from './profile-store.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_SIZE_PX = 256;
const acceptedFormats = new Set(['png', 'jpeg', 'webp']);

const toIso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const avatarPath = (userId: string, etag: string) => `/api/profile/avatar/${encodeURIComponent(userId)}?v=${etag}`;

export function createProfileService(db: Database) {
  async function getProfile(userId: string): Promise<ProfileRow> {
    const row = await selectProfile(db, userId);
    // A missing row is not an error (SPEC §4): the same shape with nulls.
    if (!row) return { id: userId, first_name: null, last_name: null, avatar_url: null, updated_at: null };
    return { ...row, updated_at: toIso(row.updated_at) };
  }

  /** Applies the given fields (others unchanged), sets updated_at, and keeps the account's display name in step. */
  async function updateProfile(userId: string, patch: ProfilePatch): Promise<ProfileRow> {
    const namesChanged = patch.first_name !== undefined || patch.last_name !== undefined;
    await db.transaction(async (tx) => {
      await upsertProfile(tx, userId, patch);
      if (namesChanged) await copyNamesToAccount(tx, userId);
    });
    return getProfile(userId);
  }

  /** Names from sign-up or the identity provider; fills only what is still empty (a linked Google account keeps chosen names). */
  async function saveNames(userId: string, names: { firstName: string | null; lastName: string | null }): Promise<void> {
    await fillEmptyNames(db, userId, names);
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
    await upsertAvatar(db, userId, { contentType: 'image/webp', bytes: webp, etag });
    return updateProfile(userId, { avatar_url: avatarPath(userId, etag) });
  }

  async function deleteAvatar(userId: string): Promise<ProfileRow> {
    await deleteAvatarRow(db, userId);
    return updateProfile(userId, { avatar_url: null });
  }

  async function getAvatar(userId: string): Promise<{ contentType: string; bytes: Uint8Array; etag: string } | null> {
    return selectAvatar(db, userId);
  }

  return { getProfile, updateProfile, saveNames, saveAvatar, deleteAvatar, getAvatar };
}

export type ProfileService = ReturnType<typeof createProfileService>;
