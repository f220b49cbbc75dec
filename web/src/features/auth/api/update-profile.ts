import type { ProfilePatchRequest, UserProfileResponse } from '../../../../../server/features/profile/profile.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `PATCH /api/profile`: names and/or avatar URL. */
export const updateProfile = (patch: ProfilePatchRequest) => apiFetch<UserProfileResponse>('/api/profile', { method: 'PATCH', body: patch });
