-- Copilot (issue 15): conversations and their messages, per user. An answered question's two messages are
-- inserted while its token hold is pending and served only once that hold is captured (joined on hold_id),
-- as analyses are: a failure between the insert and the capture leaves unserved rows, never a charge
-- without an answer. Refusals are free: their rows have no hold and are served at once.
CREATE TABLE IF NOT EXISTS copilot_conversations (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS copilot_conversations_user_idx ON copilot_conversations (user_id, created_at DESC);

CREATE TABLE IF NOT EXISTS copilot_messages (
  id uuid PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES copilot_conversations(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 20000),
  -- The answer's footnotes: [{n, symbol, key, label, value, unit, period, as_of, href}]; [] on user messages.
  citations jsonb NOT NULL DEFAULT '[]'::jsonb,
  mode text CHECK (mode IN ('llm', 'offline')),
  status text CHECK (status IN ('answered', 'refused')),
  cost_mt bigint NOT NULL DEFAULT 0 CHECK (cost_mt >= 0),
  -- The hold that paid for the answer (both messages of a paid turn carry it); null for a free refusal.
  hold_id uuid,
  created_at timestamptz NOT NULL,
  -- Orders the user's question before its answer when both share a timestamp.
  seq smallint NOT NULL DEFAULT 0,
  CONSTRAINT copilot_messages_assistant_fields CHECK ((role = 'assistant') = (mode IS NOT NULL AND status IS NOT NULL)),
  CONSTRAINT copilot_messages_paid_only_answered CHECK (cost_mt = 0 OR (status = 'answered' AND hold_id IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS copilot_messages_conversation_idx ON copilot_messages (conversation_id, created_at, seq);
CREATE INDEX IF NOT EXISTS copilot_messages_hold_idx ON copilot_messages (hold_id);
