/**
 * The copilot's product facts on volume (issue 26): refusals are free and stored, so questions are limited
 * per user and what is stored per user is capped, the oldest pruned. The server enforces these and names
 * them in its answers; docs/copilot.md states them.
 */
export const COPILOT_LIMITS = {
  /** Questions one user may ask in a fixed minute (answered or refused; a body the schema refuses is not counted); the next is 429 RATE_LIMITED. */
  questionsPerMinute: 20,
  windowSeconds: 60,
  /** Conversations kept per user: starting one more deletes the least recently active. */
  conversationsPerUser: 50,
  /** Messages kept per conversation (a question and its answer are two): the oldest turns go first. */
  messagesPerConversation: 100,
} as const;
