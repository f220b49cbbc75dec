import type { Fact } from '../../../../core/analysis/analysis-types.ts';
import { listAllContributionFacts } from '../../../../core/analysis/attribution/driver-facts.ts';
import type { TechnicalSections } from '../../../../core/analysis/runs/index.ts';
import { describeRating } from '../../../../core/analysis/runs/technical.ts';
import type { RatingVote } from '../../../../core/analysis/technical-rating.ts';
import type { CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { buildKind, hrefForKind, isToolError, resolveSymbol, type ToolSession, toolError, withOrigin } from './tool-session.ts';

const VOTE_WORDS = { '-1': 'Sell', '0': 'Neutral', '1': 'Buy' } as const;

/** Every vote of the rating as a label fact (`vote_sma_200` = "Buy"): the "why" of the signal. */
function toVoteFacts(sections: TechnicalSections): Fact[] {
  const r = sections.rating;
  if (!r) return [];
  const at = { period: r.date, source: 'computed', as_of: r.date };
  const vote = (v: RatingVote): Fact => ({
    key: `vote_${v.id}`,
    label: `${v.name} vote`,
    value: VOTE_WORDS[String(v.vote) as '-1' | '0' | '1'],
    unit: 'label',
    ...at,
  });
  return [...r.movingAverages.votes.map(vote), ...r.oscillators.votes.map(vote)];
}

/**
 * The technical analysis's figures (rating, group ratings and vote counts, RSI, MACD, moving averages,
 * levels), each vote, and each vote's contribution to the score (`technical_rating_by_rsi_14` = −0.0455).
 */
export async function getTechnicalRating(session: ToolSession, input: { symbol: string }): Promise<CopilotToolResult> {
  const symbol = await resolveSymbol(session, input.symbol);
  if (isToolError(symbol)) return toolError('get_technical_rating', null, symbol);
  const built = await buildKind(session, symbol, 'technical');
  if (isToolError(built)) return toolError('get_technical_rating', symbol, built);
  const sections = built.body.sections as TechnicalSections;
  const href = hrefForKind('technical', symbol);
  const votes = withOrigin([...toVoteFacts(sections), ...listAllContributionFacts(built.body.facts, built.body.attribution)], symbol, href);
  const rating = sections.rating ? [`Overall: ${describeRating(sections.rating.overall.label)}`] : undefined;
  return { tool: 'get_technical_rating', symbol, facts: [...built.facts, ...votes], ...(rating ? { notes: rating } : {}) };
}
