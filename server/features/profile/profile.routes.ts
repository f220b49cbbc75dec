import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonContent, SIGNED_OUT_MESSAGE_KEY, signedIn } from '../../http/openapi.ts';

/** SPEC §8: updating (or reading) the profile with no user fails with this message. */
export const NO_USER_MESSAGE = 'No user logged in';

const UserProfileSchema = z
  .object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    updated_at: z.string().nullable().openapi({ description: 'Null when the profile row does not exist yet' }),
  })
  .openapi('UserProfile');

const nameField = z
  .string()
  .trim()
  .max(100, 'Use at most 100 characters')
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

/** Our uploaded avatar path, or an https image URL. */
const avatarUrlField = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v.startsWith('/api/profile/avatar/') || /^https:\/\/[^\s]+$/.test(v), 'Use an https:// image URL or upload an image')
  .nullable()
  .optional();

const ProfilePatchSchema = z.object({ first_name: nameField, last_name: nameField, avatar_url: avatarUrlField }).strict().openapi('ProfilePatch');

export const getProfileRoute = createRoute({
  [SIGNED_OUT_MESSAGE_KEY]: NO_USER_MESSAGE,
  operationId: 'getProfile',
  security: signedIn,
  method: 'get',
  path: '/api/profile',
  tags: ['accounts'],
  summary: "The signed-in user's profile (nulls when no row exists yet)",
  responses: { 200: jsonContent(UserProfileSchema, 'Profile'), ...errorResponses(401) },
});

export const patchProfileRoute = createRoute({
  [SIGNED_OUT_MESSAGE_KEY]: NO_USER_MESSAGE,
  operationId: 'updateProfile',
  security: signedIn,
  method: 'patch',
  path: '/api/profile',
  tags: ['accounts'],
  summary: 'Update names and/or avatar URL; sets updated_at',
  request: { body: { required: true, content: { 'application/json': { schema: ProfilePatchSchema } } } },
  responses: { 200: jsonContent(UserProfileSchema, 'Updated profile'), ...errorResponses(400, 401) },
});

export const uploadAvatarRoute = createRoute({
  [SIGNED_OUT_MESSAGE_KEY]: NO_USER_MESSAGE,
  operationId: 'uploadAvatar',
  security: signedIn,
  method: 'post',
  path: '/api/profile/avatar',
  tags: ['accounts'],
  summary: 'Upload an avatar: multipart field `avatar` (or `file`), or the raw image as the body. PNG/JPEG/WebP up to 2 MB; stored as 256×256 WebP',
  request: {
    // Plain schemas, not zod: the handler reads the bytes itself and answers INVALID_IMAGE / IMAGE_TOO_LARGE.
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              avatar: { type: 'string', format: 'binary', description: 'The image (PNG, JPEG or WebP, up to 2 MB)' },
              file: { type: 'string', format: 'binary', description: 'Alias of avatar' },
            },
          },
        },
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'image/jpeg': { schema: { type: 'string', format: 'binary' } },
        'image/webp': { schema: { type: 'string', format: 'binary' } },
      },
    },
  },
  responses: { 200: jsonContent(UserProfileSchema, 'Updated profile'), ...errorResponses(400, 401, 413, 422, 429) },
});

export const deleteAvatarRoute = createRoute({
  [SIGNED_OUT_MESSAGE_KEY]: NO_USER_MESSAGE,
  operationId: 'deleteAvatar',
  security: signedIn,
  method: 'delete',
  path: '/api/profile/avatar',
  tags: ['accounts'],
  summary: 'Remove the uploaded avatar',
  responses: { 200: jsonContent(UserProfileSchema, 'Updated profile'), ...errorResponses(401) },
});

export const getAvatarRoute = createRoute({
  operationId: 'getAvatar',
  security: signedIn,
  method: 'get',
  path: '/api/profile/avatar/{userId}',
  tags: ['accounts'],
  summary: "The signed-in user's uploaded avatar (404 for anyone else's)",
  request: { params: z.object({ userId: z.string().min(1).max(200) }), query: z.object({ v: z.string().optional() }) },
  responses: {
    200: { description: 'The avatar image', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
    304: { description: 'Not modified: If-None-Match matched the ETag' },
    ...errorResponses(404),
  },
});

// What the web imports (type-only) instead of copying.
export type UserProfileResponse = z.infer<typeof UserProfileSchema>;
/** What a client sends: names and avatar URL, each optional, null or "" to clear. */
export type ProfilePatchRequest = z.input<typeof ProfilePatchSchema>;
