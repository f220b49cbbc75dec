import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CopilotStatus } from '../../../../../server/features/copilot/copilot.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { CopilotStatus } from '../../../../../server/features/copilot/copilot.routes.ts';

/** `GET /api/copilot/status`: which mode answers (offline parser or a model), example questions, the cost. */
export const getCopilotStatus = (signal?: AbortSignal) => apiFetch<CopilotStatus>('/api/copilot/status', { signal });

const copilotStatusQueryOptions = () =>
  queryOptions({ queryKey: ['copilot', 'status'], queryFn: ({ signal }) => getCopilotStatus(signal), staleTime: 5 * 60_000 });

export const useCopilotStatus = () => useQuery(copilotStatusQueryOptions());
