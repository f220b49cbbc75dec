import type { Context } from 'hono';
import type { Database } from '../../adapters/db/index.ts';
import { requireUser } from '../../http/openapi.ts';
import { enforceRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AnalysisExportService, ExportFile } from './analysis-export-service.ts';
import type { exportAnalysisCsvRoute, exportAnalysisPdfRoute } from './analysis-export.routes.ts';

// A download of one's own analysis: private, never cached by a shared cache.
function sendAttachment(c: Context<AppEnv>, file: ExportFile) {
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
  });
}

interface ExportLimits {
  db: Database;
  now: () => Date;
  /** PDFs per user per fixed minute (PDF_EXPORT_LIMIT in core, or PDF_EXPORTS_PER_MINUTE). */
  pdfRule: RateLimitRule;
}

/** The PDF rate limit as the user reads it in the 429: the number comes from the rule itself. */
export const describePdfRule = (perMinute: number, windowSeconds: number): RateLimitRule => ({
  limit: perMinute,
  windowSeconds,
  message: `You have made this minute's ${perMinute} PDF exports.`,
});

export function createAnalysisExportHandlers(service: AnalysisExportService, limits: ExportLimits) {
  // Counted before the analysis is read or anything rendered: a refused export costs one upsert and changes nothing else.
  const exportPdf: AppRouteHandler<typeof exportAnalysisPdfRoute> = async (c) => {
    const userId = requireUser(c).id;
    await enforceRateLimit(limits.db, `pdf-export:${userId}`, limits.pdfRule, limits.now());
    return sendAttachment(c, await service.exportPdf(userId, c.req.valid('param').id)) as never;
  };
  const exportCsv: AppRouteHandler<typeof exportAnalysisCsvRoute> = async (c) =>
    sendAttachment(c, await service.exportCsv(requireUser(c).id, c.req.valid('param').id)) as never;
  return { exportPdf, exportCsv };
}
