/*
 * The note check is the general number validator (core/ai/number-validator.ts) applied to every
 * sentence: the rule-based writer must always pass it, and the LLM writer is held to the same check.
 */
export { describeUnbacked, findUnbackedNumbers, type UnbackedNumber } from '../../ai/number-validator.ts';
