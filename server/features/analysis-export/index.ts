import { PDF_EXPORT_LIMIT } from '../../../core/analysis/export-limits.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { AnalysesService } from '../analyses/index.ts';
import { createAnalysisExportHandlers, describePdfRule } from './analysis-export.handlers.ts';
import { exportAnalysisCsvRoute, exportAnalysisPdfRoute } from './analysis-export.routes.ts';
import { createAnalysisExportService } from './analysis-export-service.ts';
import { countPdfRenderWorkers, createPdfRenderPool, type RenderJob } from './pdf-render-pool.ts';

export { buildExportBasename, renderPdf } from './analysis-export-service.ts';

/**
 * `GET /api/analyses/{id}/export.pdf|csv`: the owner's stored analysis as a PDF or its facts as CSV (free,
 * like re-opening). PDFs are bounded: so many per user a minute, rendered on worker threads, so many at once.
 */
export function createAnalysisExportFeature(ctx: AppContext, deps: { analyses: AnalysesService; renderJob?: RenderJob }): Feature {
  const renderer = createPdfRenderPool({
    capacity: ctx.env.PDF_RENDER_WORKERS ?? countPdfRenderWorkers(),
    queue: ctx.env.PDF_RENDER_QUEUE,
    renderJob: deps.renderJob,
  });
  const pdfRule = describePdfRule(ctx.env.PDF_EXPORTS_PER_MINUTE ?? PDF_EXPORT_LIMIT.perMinute, PDF_EXPORT_LIMIT.windowSeconds);
  const service = createAnalysisExportService({ analyses: deps.analyses, now: ctx.now, renderer });
  const handlers = createAnalysisExportHandlers(service, { db: ctx.db, now: ctx.now, pdfRule });
  return {
    name: 'analysis-export',
    // Not awaited: the other features' jobs need not wait for a render thread to load the renderer (~0.7 s of CPU, off this thread).
    warm() {
      renderer.warm().catch((err) => ctx.logger.warn({ err }, 'analysis-export: the PDF render thread did not start; exports will retry on demand'));
    },
    stop: () => renderer.close(),
    routes(app) {
      app.openapi(exportAnalysisPdfRoute, handlers.exportPdf);
      app.openapi(exportAnalysisCsvRoute, handlers.exportCsv);
    },
  };
}
