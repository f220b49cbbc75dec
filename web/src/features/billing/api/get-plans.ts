import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponse } from '../../../../../server/features/billing/billing.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { PlanInfo, PlansResponse, ProviderKind, Tier } from '../../../../../server/features/billing/billing.routes.ts';

/** `GET /api/billing/plans`: plans and the active provider (sandbox or Stripe); public. */
const getPlans = (signal?: AbortSignal) => apiFetch<PlansResponse>('/api/billing/plans', { signal });

const getPlansQueryOptions = () => queryOptions({ queryKey: ['billing', 'plans'], queryFn: ({ signal }) => getPlans(signal), staleTime: 5 * 60_000 });

export const useBillingPlans = () => useQuery(getPlansQueryOptions());
