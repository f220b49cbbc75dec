import type { ScreenDefinitionBody } from '../../../../../server/features/screener/screener.routes.ts';
import { ApiError } from '../../../lib/api.ts';

/** The file name the server suggests (Content-Disposition), or a dated fallback. */
const fileNameOf = (res: Response) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `stockpilot-screen-${new Date().toISOString().slice(0, 10)}.csv`;

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
  if (!res.ok) {
    const err = ((await res.json().catch(() => null)) as { error?: { code?: string; message?: string; field?: string } } | null)?.error;
    throw new ApiError(res.status, err?.code ?? 'HTTP_ERROR', err?.message ?? `Export failed (${res.status}).`, err?.field);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res);
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the object URL; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
