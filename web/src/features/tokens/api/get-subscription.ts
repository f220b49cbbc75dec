import type { SubscriptionResponse } from '../../../../../server/features/tokens/tokens.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { SubscriptionResponse, Tier } from '../../../../../server/features/tokens/tokens.routes.ts';

// The app shell's SubscriptionProvider polls this on its own timer: no TanStack Query in this file, which
// would pull the lazily loaded query layer into the initial bundle.
/** `GET /api/subscription`: the subscription check. */
export const getSubscription = (signal?: AbortSignal) => apiFetch<SubscriptionResponse>('/api/subscription', { signal });
