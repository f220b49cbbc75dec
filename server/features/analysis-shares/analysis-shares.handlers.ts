import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import { toAnalysisBody } from '../analyses/index.ts';
import type { AnalysisSharesService } from './analysis-shares-service.ts';
import type { StoredShare } from './analysis-shares-store.ts';
import type { AnalysisShare, createShareRoute, getSharedAnalysisRoute, listSharesRoute, revokeShareRoute } from './analysis-shares.routes.ts';

const toShareBody = (s: StoredShare): AnalysisShare => ({
  id: s.id,
  analysis: { id: s.analysisId, symbol: s.symbol, kind: s.kind, subtype: s.subtype, as_of: s.asOf },
  token_prefix: s.tokenPrefix,
  show_owner_name: s.showOwnerName,
  created_at: s.createdAt,
  view_count: s.viewCount,
  last_viewed_at: s.lastViewedAt,
});

export function createAnalysisSharesHandlers(service: AnalysisSharesService) {
  const create: AppRouteHandler<typeof createShareRoute> = async (c) => {
    const user = requireUser(c);
    // The body is optional: no body means the defaults (name hidden).
    const body = c.req.header('content-length') === '0' || !c.req.header('content-type') ? {} : c.req.valid('json');
    const { share, url } = await service.createShare(user.id, c.req.valid('param').id, body.show_owner_name ?? false);
    return c.json({ ...toShareBody(share), url }, 201);
  };

  const list: AppRouteHandler<typeof listSharesRoute> = async (c) => {
    const shares = await service.listUserShares(requireUser(c).id, c.req.valid('query').analysis_id);
    return c.json({ shares: shares.map(toShareBody) }, 200);
  };

  const revoke: AppRouteHandler<typeof revokeShareRoute> = async (c) => {
    await service.revokeShare(requireUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  };

  const open: AppRouteHandler<typeof getSharedAnalysisRoute> = async (c) => {
    const { analysis, ownerName } = await service.openSharedAnalysis(c.req.valid('param').token);
    const { cost_tokens: _private, ...shared } = toAnalysisBody(analysis);
    return c.json({ ...shared, owner_name: ownerName }, 200);
  };

  return { create, list, revoke, open };
}
