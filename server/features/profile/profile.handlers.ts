import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppContext } from '../../http/feature.ts';
import { requireUser } from '../../http/openapi.ts';
import { enforceRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import { AppError } from '../../lib/errors.ts';
import type { ProfileService } from './profile-service.ts';
import {
  type deleteAvatarRoute,
  type getAvatarRoute,
  type getProfileRoute,
  NO_USER_MESSAGE,
  type patchProfileRoute,
  type uploadAvatarRoute,
} from './profile.routes.ts';

/** Each upload decodes and rescales an image of up to 50 megapixels: a budget keeps a script from pinning the CPU. */
export const AVATAR_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60, message: 'Too many avatar uploads.' };

/** SPEC §8: updating (or reading) the profile with no user fails with "No user logged in". */
const requireProfileUser = (c: Context<AppEnv>) => requireUser(c, NO_USER_MESSAGE);

async function readAvatarBytes(c: Context<AppEnv>): Promise<Uint8Array> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.formData().catch(() => {
      throw new AppError('INVALID_IMAGE', 'The upload could not be read. Try again.', { field: 'avatar' });
    });
    const file = form.get('avatar') ?? form.get('file');
    if (!file || typeof file === 'string') throw new AppError('INVALID_IMAGE', 'Choose an image file (form field "avatar").', { field: 'avatar' });
    return new Uint8Array(await file.arrayBuffer());
  }
  return new Uint8Array(await c.req.arrayBuffer());
}

export function createProfileHandlers(ctx: AppContext, profiles: ProfileService) {
  const getProfile: AppRouteHandler<typeof getProfileRoute> = async (c) => c.json(await profiles.getProfile(requireProfileUser(c).id), 200);

  const patchProfile: AppRouteHandler<typeof patchProfileRoute> = async (c) => {
    const user = requireProfileUser(c);
    return c.json(await profiles.updateProfile(user.id, c.req.valid('json')), 200);
  };

  const uploadAvatar: AppRouteHandler<typeof uploadAvatarRoute> = async (c) => {
    const user = requireProfileUser(c);
    await enforceRateLimit(ctx.db, `avatar:${user.id}`, AVATAR_RATE_LIMIT, ctx.now());
    return c.json(await profiles.saveAvatar(user.id, await readAvatarBytes(c)), 200);
  };

  const deleteAvatar: AppRouteHandler<typeof deleteAvatarRoute> = async (c) => c.json(await profiles.deleteAvatar(requireProfileUser(c).id), 200);

  const getAvatar: AppRouteHandler<typeof getAvatarRoute> = async (c) => {
    const { userId } = c.req.valid('param');
    const { v } = c.req.valid('query');
    // Avatars are shown only to their owner (the nav menu and /profile): every read is scoped to its owner.
    if (c.get('user')?.id !== userId) throw new AppError('NOT_FOUND', 'No avatar for this user.');
    const avatar = await profiles.getAvatar(userId);
    if (!avatar) throw new AppError('NOT_FOUND', 'No avatar for this user.');
    const etag = `"${avatar.etag}"`;
    // Versioned URLs (?v=<etag>) never change content; unversioned ones revalidate.
    const cache = v === avatar.etag ? 'private, max-age=31536000, immutable' : 'private, max-age=0, must-revalidate';
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag, 'Cache-Control': cache }) as never;
    return c.body(avatar.bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': avatar.contentType, ETag: etag, 'Cache-Control': cache }) as never;
  };

  return { getProfile, patchProfile, uploadAvatar, deleteAvatar, getAvatar };
}
