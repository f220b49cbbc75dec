import type { ScreenDefinitionBody } from '../../../../../server/features/screener/screener.routes.ts';
import { ApiError, readApiError, readDownloadName, saveBlobAs } from '../../../lib/api.ts';

/** `POST /api/screener/export`: every matching row (not just the page) as CSV, saved by the browser as a file. */
export async function exportScreenerCsv(body: ScreenDefinitionBody): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/api/screener/export', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/csv' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Stockpilot. Check your connection and try again.');
  }
  if (!res.ok) throw await readApiError(res);
  saveBlobAs(await res.blob(), readDownloadName(res, `stockpilot-screen-${new Date().toISOString().slice(0, 10)}.csv`));
}
