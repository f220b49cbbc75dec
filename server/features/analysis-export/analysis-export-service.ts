import type { AnalysisKind, FundamentalSubtype } from '../../../core/analysis/analysis-types.ts';
import { formatFactsCsv } from '../../../core/analysis/facts-csv.ts';
import type { AnalysesService, AnalysisResponse } from '../analyses/index.ts';
import { toAnalysisBody } from '../analyses/index.ts';
import type { PdfRenderer } from './pdf-render-pool.ts';

export interface ExportContext {
  analyses: AnalysesService;
  now: () => Date;
  /** Renders off the main thread, a bounded number at once (pdf-render-pool.ts). */
  renderer: PdfRenderer;
}

export interface ExportFile {
  body: Uint8Array | string;
  contentType: string;
  filename: string;
}

/** `AAPL-fundamental-profitability-2026-07-02`: symbol, kind, tab, data day; only characters safe in a header's filename. */
export function buildExportBasename(a: { symbol: string; kind: AnalysisKind; subtype: FundamentalSubtype | null; as_of: string }): string {
  return [a.symbol, a.kind, a.subtype, a.as_of]
    .filter((part) => part !== null)
    .join('-')
    .replace(/[^A-Za-z0-9._-]/g, '_');
}

// The PDF library (and React) stay out of the start-up path and, in the server, off the main thread: only
// the render threads load them (pdf-worker.ts). This in-process path is the bench's, timing the render alone.
const loadPdfRenderer = () => import('./analysis-pdf.tsx');

/** Renders an analysis already loaded, on this thread (the bench times this part alone; the server uses its render threads). */
export async function renderPdf(a: AnalysisResponse, generatedAt: Date): Promise<Uint8Array> {
  const { renderAnalysisPdf } = await loadPdfRenderer();
  return new Uint8Array(await renderAnalysisPdf(a, { generatedAt }));
}

/**
 * The owner's analysis as a PDF, rendered on a render thread; NOT_FOUND for an unknown id or someone
 * else's, 503 SERVICE_UNAVAILABLE when this process's renders and queue are full. (The per-user rate
 * limit is the handler's, counted before this.)
 */
export async function exportAnalysisPdf(ctx: ExportContext, userId: string, id: string): Promise<ExportFile> {
  const a = toAnalysisBody(await ctx.analyses.getAnalysisOrThrow(userId, id));
  return { body: await ctx.renderer.render(a, ctx.now()), contentType: 'application/pdf', filename: `${buildExportBasename(a)}.pdf` };
}

/** The owner's analysis's facts as CSV; NOT_FOUND for an unknown id or someone else's. */
export async function exportAnalysisCsv(ctx: ExportContext, userId: string, id: string): Promise<ExportFile> {
  const a = toAnalysisBody(await ctx.analyses.getAnalysisOrThrow(userId, id));
  return { body: formatFactsCsv(a.facts), contentType: 'text/csv; charset=utf-8', filename: `${buildExportBasename(a)}.csv` };
}

/** The feature's behaviour over its deps (the analyses service, the clock, the render pool). */
export function createAnalysisExportService(deps: ExportContext) {
  return {
    exportPdf: (userId: string, id: string) => exportAnalysisPdf(deps, userId, id),
    exportCsv: (userId: string, id: string) => exportAnalysisCsv(deps, userId, id),
  };
}

export type AnalysisExportService = ReturnType<typeof createAnalysisExportService>;
