import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { buildSharePath, SHARE_LINKS, SHARE_TOKEN_PATTERN } from '../../../core/analysis/share-links.ts';
import type { Database } from '../../adapters/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { UUID_RE } from '../../lib/uuid.ts';
import type { AnalysesService, StoredAnalysis } from '../analyses/index.ts';
import { deleteShare, hasShare, insertShare, listShares, openShare, type StoredShare } from './analysis-shares-store.ts';

interface SharesContext {
  db: Database;
  analyses: AnalysesService;
  baseUrl: string;
  now: () => Date;
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Unknown, revoked and malformed tokens all end here: one error, one message. */
const shareNotFound = () => new AppError('NOT_FOUND', 'This shared analysis does not exist or its link was revoked.');

/** A new link to the user's own analysis; the token leaves the server only in this answer's URL. */
async function createShare(ctx: SharesContext, userId: string, analysisId: string, showOwnerName: boolean): Promise<{ share: StoredShare; url: string }> {
  const a = await ctx.analyses.getAnalysisOrThrow(userId, analysisId);
  const token = randomBytes(SHARE_LINKS.tokenBytes).toString('base64url');
  const share = {
    id: randomUUID(),
    analysisId: a.id,
    userId,
    tokenHash: hashToken(token),
    tokenPrefix: token.slice(0, SHARE_LINKS.prefixLength),
    showOwnerName,
    createdAt: ctx.now().toISOString(),
  };
  if (!(await insertShare(ctx.db, share, SHARE_LINKS.maxPerAnalysis))) {
    throw new AppError('CONFLICT', `This analysis already has ${SHARE_LINKS.maxPerAnalysis} share links; revoke one in Settings first.`);
  }
  const stored: StoredShare = { ...share, symbol: a.symbol, kind: a.kind, subtype: a.subtype, asOf: a.asOf, viewCount: 0, lastViewedAt: null };
  return { share: stored, url: `${ctx.baseUrl}${buildSharePath(token)}` };
}

async function listUserShares(ctx: SharesContext, userId: string, analysisId?: string): Promise<StoredShare[]> {
  return listShares(ctx.db, userId, analysisId);
}

/** Revokes at once: the row goes, so the next request with its token is an unknown token. */
async function revokeShare(ctx: SharesContext, userId: string, id: string): Promise<void> {
  const gone = UUID_RE.test(id) && (await deleteShare(ctx.db, userId, id));
  if (!gone) throw new AppError('NOT_FOUND', 'No such share link.');
}

/**
 * The analysis behind a live token, with its owner's name only when they chose to show it. Every token,
 * well-formed or not, is hashed and looked up by the same query, so a malformed one is not answered sooner.
 */
async function openSharedAnalysis(ctx: SharesContext, token: string): Promise<{ analysis: StoredAnalysis; ownerName: string | null }> {
  const opened = await openShare(ctx.db, hashToken(token), ctx.now().toISOString());
  const analysis = opened ? await ctx.analyses.findSharedAnalysis(opened.analysisId) : null;
  if (!opened || !analysis || analysis.userId !== opened.userId || !SHARE_TOKEN_PATTERN.test(token)) throw shareNotFound();
  return { analysis, ownerName: opened.ownerName };
}

/** Share links of a user's analyses, and the public read behind a live token. */
export function createAnalysisSharesService(deps: SharesContext) {
  return {
    createShare: (userId: string, analysisId: string, showOwnerName: boolean) => createShare(deps, userId, analysisId, showOwnerName),
    listUserShares: (userId: string, analysisId?: string) => listUserShares(deps, userId, analysisId),
    revokeShare: (userId: string, id: string) => revokeShare(deps, userId, id),
    openSharedAnalysis: (token: string) => openSharedAnalysis(deps, token),
    /** For the /s/:token page's status: a well-formed token of a live link (no view counted). */
    isLiveToken: async (token: string) => SHARE_TOKEN_PATTERN.test(token) && (await hasShare(deps.db, hashToken(token))),
  };
}
export type AnalysisSharesService = ReturnType<typeof createAnalysisSharesService>;
