import { useMutation } from '@tanstack/react-query';
import { ApiError, readApiError, readDownloadName, saveBlobAs } from '../../../lib/api.ts';

export type { AccountExportResponse } from '../../../../../server/features/account/account.routes.ts';

/**
 * `GET /api/account/export`: everything Stockpilot stores about the user, saved by the browser as one JSON file
 * (`stockpilot-export-YYYY-MM-DD.json`). Fetched rather than linked, so a failure says what happened.
 */
export async function downloadAccountExport(): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/api/account/export', { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Stockpilot. Check your connection and try again.');
  }
  if (!res.ok) throw await readApiError(res);
  saveBlobAs(await res.blob(), readDownloadName(res, 'stockpilot-export.json'));
}

export const useDownloadAccountExport = () => useMutation({ mutationFn: downloadAccountExport });
