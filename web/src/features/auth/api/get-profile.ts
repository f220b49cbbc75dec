import type { UserProfileResponse } from '../../../../../server/features/profile/profile.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { UserProfileResponse as Profile } from '../../../../../server/features/profile/profile.routes.ts';

/** `GET /api/profile`: names and avatar; nulls before the first update. */
export const getProfile = () => apiFetch<UserProfileResponse>('/api/profile');
