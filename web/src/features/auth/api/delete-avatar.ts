import type { UserProfileResponse } from '../../../../../server/features/profile/profile.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `DELETE /api/profile/avatar`. */
export const deleteAvatar = () => apiFetch<UserProfileResponse>('/api/profile/avatar', { method: 'DELETE' });
