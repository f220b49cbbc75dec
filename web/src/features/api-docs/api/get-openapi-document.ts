import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { OpenApiDocumentJson } from '../scalar-configuration.ts';

/** `GET /api/openapi.json`: the document generated from the server's routes (public). */
const getOpenApiDocument = (signal?: AbortSignal) => apiFetch<OpenApiDocumentJson>('/api/openapi.json', { signal });

const getOpenApiDocumentQueryOptions = () =>
  queryOptions({ queryKey: ['openapi'], queryFn: ({ signal }) => getOpenApiDocument(signal), staleTime: 5 * 60_000 });

export const useOpenApiDocument = () => useQuery(getOpenApiDocumentQueryOptions());
