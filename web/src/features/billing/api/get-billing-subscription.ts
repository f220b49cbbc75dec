import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingSubscriptionResponse } from '../../../../../server/features/billing/billing.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { BillingSubscriptionResponse } from '../../../../../server/features/billing/billing.routes.ts';

/** `GET /api/billing/subscription`: the provider's view (cancel at period end, period end). */
export const getBillingSubscription = (signal?: AbortSignal) => apiFetch<BillingSubscriptionResponse>('/api/billing/subscription', { signal });

/** Keyed under ['billing', 'subscription']: starting a checkout or the portal invalidates that prefix. */
const getBillingSubscriptionQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: ['billing', 'subscription', userId], queryFn: ({ signal }) => getBillingSubscription(signal), enabled: Boolean(userId) });

export const useBillingSubscription = (userId: string | null) => useQuery(getBillingSubscriptionQueryOptions(userId));
