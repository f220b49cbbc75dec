/*
 * The offline copilot (no LLM configured): an intent parser over the copilot's tools, a glossary, and
 * answers written from the tools' facts with [n] citations. Pure: the server runs the planned calls.
 */
export * from './copilot-types.ts';
export { findFact } from './answer-writer.ts';
export { type GlossaryTerm, getTerm, glossary } from './glossary.ts';
export { type Metric, metrics } from './metric-catalog.ts';
export { joinDrafts, MAX_SYMBOLS_PER_QUESTION, planOfflineAnswer } from './plan-offline-answer.ts';
export { findPeriodStart } from '../analysis/indicators/period-return.ts';
export { computePriceStats, PERIOD_WORDS } from './price-stats.ts';
export { type OfflineQuestionType, offlineExamples, offlineQuestionTypes, suggestQuestions } from './question-types.ts';
