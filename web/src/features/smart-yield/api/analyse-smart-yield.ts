import { useMutation } from '@tanstack/react-query';
import type { SmartYieldBody, SmartYieldResponse } from '../../../../../server/features/smart-yield/smart-yield.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/smart-yield`: the report for holdings rows or a pasted CSV (free; nothing is stored). */
export const analyseSmartYield = (body: SmartYieldBody) => apiFetch<SmartYieldResponse>('/api/smart-yield', { method: 'POST', body });

export const useAnalyseSmartYield = () => useMutation({ mutationFn: analyseSmartYield });
