-- Copilot (issue 34): each conversation keeps its subject — the symbols, the fact keys, the period and the kind of
-- question its last answer was about, and that question as it was read ("and its debt? AAPL") — so a follow-up of a
-- follow-up resolves ("AAPL's revenue" → "and its net income?" → "over 5 years?"). Written with each answered turn
-- (core/copilot/conversation-subject.ts is its shape); NULL until a question about a symbol is answered.
ALTER TABLE copilot_conversations ADD COLUMN IF NOT EXISTS subject jsonb;
