import type { Context } from 'hono';
import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { type ExportContext, type ExportFile, exportAnalysisCsv, exportAnalysisPdf } from './export-service.ts';
import type { exportAnalysisCsvRoute, exportAnalysisPdfRoute } from './export.routes.ts';

// A download of one's own analysis: private, never cached by a shared cache.
function sendAttachment(c: Context<AppEnv>, file: ExportFile) {
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
  });
}

export function createExportHandlers(ctx: ExportContext) {
  const exportPdf: AppRouteHandler<typeof exportAnalysisPdfRoute> = async (c) =>
    sendAttachment(c, await exportAnalysisPdf(ctx, requireUser(c).id, c.req.valid('param').id)) as never;
  const exportCsv: AppRouteHandler<typeof exportAnalysisCsvRoute> = async (c) =>
    sendAttachment(c, await exportAnalysisCsv(ctx, requireUser(c).id, c.req.valid('param').id)) as never;
  return { exportPdf, exportCsv };
}
