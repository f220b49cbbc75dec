import type { AppContext, Feature } from '../../http/feature.ts';
import { createProfileHandlers } from './profile.handlers.ts';
import { deleteAvatarRoute, getAvatarRoute, getProfileRoute, patchProfileRoute, uploadAvatarRoute } from './profile.routes.ts';
import { AVATAR_MAX_BYTES, createProfileService, type ProfileService } from './profile-service.ts';
// The account export (data rights) reads this feature's rows through its store.
export { readProfileForExport } from './profile-store.ts';

export type { ProfileService } from './profile-service.ts';
export { AVATAR_RATE_LIMIT } from './profile.handlers.ts';

/** Multipart adds a few hundred bytes around the file; the body limit leaves room so the 2 MB rule answers, not the body limit. */
const AVATAR_BODY_LIMIT_BYTES = Math.round(AVATAR_MAX_BYTES * 1.25);

/** Profiles (SPEC §3): GET/PATCH /api/profile and uploaded avatars stored in the database. */
export function createProfileFeature(ctx: AppContext): Feature & { profiles: ProfileService } {
  const profiles = createProfileService(ctx.db);
  const handlers = createProfileHandlers(ctx, profiles);
  return {
    name: 'profile',
    profiles,
    largeBodies: { '/api/profile/avatar': AVATAR_BODY_LIMIT_BYTES },
    routes(app) {
      app.openapi(getProfileRoute, handlers.getProfile);
      app.openapi(patchProfileRoute, handlers.patchProfile);
      app.openapi(uploadAvatarRoute, handlers.uploadAvatar);
      app.openapi(deleteAvatarRoute, handlers.deleteAvatar);
      app.openapi(getAvatarRoute, handlers.getAvatar);
    },
  };
}
