import type { AppContext, Feature } from '../../http/feature.ts';
import type { AnalysesService } from '../analyses/index.ts';
import { createAnalysisSharesHandlers } from './analysis-shares.handlers.ts';
import { createAnalysisSharesService } from './analysis-shares-service.ts';
import { createShareRoute, getSharedAnalysisRoute, listSharesRoute, revokeShareRoute } from './analysis-shares.routes.ts';
// The account export (data rights) reads this feature's rows through its store.
export { readSharesForExport } from './analysis-shares-store.ts';

/**
 * Share links: `POST /api/analyses/{id}/shares`, `GET /api/shares`, `DELETE /api/shares/{id}` for the owner,
 * and the public `GET /api/shared/{token}` that the `/s/:token` page reads.
 */
export function createAnalysisSharesFeature(ctx: AppContext, deps: { analyses: AnalysesService }): Feature {
  const service = createAnalysisSharesService({ db: ctx.db, analyses: deps.analyses, baseUrl: ctx.env.BASE_URL, now: ctx.now });
  const handlers = createAnalysisSharesHandlers(service);
  return {
    name: 'analysis-shares',
    middleware(app) {
      // Shared pages stay out of search engines, and no cache may keep serving a link after it is revoked.
      app.use('/s/*', async (c, next) => {
        c.header('X-Robots-Tag', 'noindex, nofollow');
        await next();
      });
      app.use('/api/shared/*', async (c, next) => {
        c.header('X-Robots-Tag', 'noindex, nofollow');
        c.header('Cache-Control', 'no-store');
        await next();
      });
    },
    // A link that does not exist answers 404 (the page still renders its "not found" card).
    describePage: async ({ entry, params }) => (entry.page === 'sharedAnalysis' ? { missing: !(await service.isLiveToken(params.token ?? '')) } : null),
    routes(app) {
      app.openapi(createShareRoute, handlers.create);
      app.openapi(listSharesRoute, handlers.list);
      app.openapi(revokeShareRoute, handlers.revoke);
      app.openapi(getSharedAnalysisRoute, handlers.open);
    },
  };
}
