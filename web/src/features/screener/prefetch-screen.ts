import type { QueryClient } from '@tanstack/react-query';
import { getScreenerFieldsQueryOptions } from './api/get-fields.ts';
import { queryScreenerQueryOptions, startEarlyQuery } from './api/query-screener.ts';
import { toQueryBody } from './screen-query.ts';
import { parseScreen } from './screen-url.ts';

const bodyFor = (search: string) => toQueryBody(parseScreen(new URLSearchParams(search)));

/** Called when the page's code arrives: the screen in the address bar is queried straight away (it is public). */
export const startScreenQuery = (search: string) => startEarlyQuery(bodyFor(search));

/** While the session check runs: the screen's rows and the catalog into the cache, so the tool renders with them. */
export function prefetchScreen(qc: QueryClient, search: string): void {
  void qc.prefetchQuery(queryScreenerQueryOptions(bodyFor(search)));
  void qc.prefetchQuery(getScreenerFieldsQueryOptions());
}
