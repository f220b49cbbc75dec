import type { AppContext, Feature } from '../../http/feature.ts';
import type { AnalysesService } from '../analyses/index.ts';
import { loadPdfRenderer } from './export-service.ts';
import { createExportHandlers } from './export.handlers.ts';
import { exportAnalysisCsvRoute, exportAnalysisPdfRoute } from './export.routes.ts';

export { buildExportBasename, renderPdf } from './export-service.ts';

/** `GET /api/analyses/{id}/export.pdf|csv`: the owner's stored analysis as a PDF or its facts as CSV (free, like re-opening). */
export function createAnalysisExportFeature(ctx: AppContext, deps: { analyses: AnalysesService }): Feature {
  const handlers = createExportHandlers({ analyses: deps.analyses, now: ctx.now });
  return {
    name: 'analysis-export',
    // Not awaited: the other features' jobs need not wait for a module load.
    start() {
      loadPdfRenderer().catch((err) => ctx.logger.warn({ err }, 'analysis-export: the PDF renderer did not load; exports will retry on demand'));
    },
    routes(app) {
      app.openapi(exportAnalysisPdfRoute, handlers.exportPdf);
      app.openapi(exportAnalysisCsvRoute, handlers.exportCsv);
    },
  };
}
