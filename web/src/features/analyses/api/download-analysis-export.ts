import { useMutation } from '@tanstack/react-query';
import { ApiError, readApiError, readDownloadName, saveBlobAs } from '../../../lib/api.ts';

type ExportFormat = 'pdf' | 'csv';

/**
 * `GET /api/analyses/{id}/export.{pdf,csv}`, saved by the browser as a file. Fetched rather than linked:
 * a link's failed download says nothing, while a refused export (429 over the PDF limit, 503 when the
 * render queue is full) must tell the user what happened and when to try again.
 */
export async function downloadAnalysisExport(id: string, format: ExportFormat): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/analyses/${encodeURIComponent(id)}/export.${format}`, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Stockpilot. Check your connection and try again.');
  }
  if (!res.ok) throw await readApiError(res);
  saveBlobAs(await res.blob(), readDownloadName(res, `stockpilot-analysis.${format}`));
}

export function useDownloadAnalysisExport() {
  return useMutation({ mutationFn: ({ id, format }: { id: string; format: ExportFormat }) => downloadAnalysisExport(id, format) });
}
