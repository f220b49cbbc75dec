import type { UserProfileResponse } from '../../../../../server/features/profile/profile.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/profile/avatar`: multipart field `avatar`; stored as a 256×256 WebP. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return apiFetch<UserProfileResponse>('/api/profile/avatar', { method: 'POST', body: form });
}
