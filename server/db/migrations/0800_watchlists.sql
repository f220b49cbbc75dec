-- Smart watchlist (issue 17): lists of symbols, alerts on them and the notifications alerts leave.
-- Tier limits (lists per user, symbols per list) are checked by the service inside a transaction that
-- first locks the user's row (SELECT … FOR UPDATE), so two concurrent adds cannot both pass the count.

CREATE TABLE IF NOT EXISTS watchlists (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT watchlists_name_unique UNIQUE (user_id, name)
);
CREATE INDEX IF NOT EXISTS watchlists_user_idx ON watchlists (user_id, created_at);

CREATE TABLE IF NOT EXISTS watchlist_symbols (
  watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  symbol text NOT NULL CHECK (length(symbol) BETWEEN 1 AND 32),
  added_at timestamptz NOT NULL,
  PRIMARY KEY (watchlist_id, symbol)
);

-- State per alert: the side it was on when last evaluated (last_side), the figure it read (last_value) and
-- the data day of that evaluation (last_as_of). A firing is the one conditional UPDATE that moves the side
-- into the trigger side for a new data day, so it happens once however many processes evaluate.
CREATE TABLE IF NOT EXISTS watchlist_alerts (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  watchlist_id uuid NOT NULL,
  symbol text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('price_above', 'price_below', 'move_percent', 'rsi_cross', 'golden_cross', 'death_cross', 'rating_change')),
  threshold double precision,
  email boolean NOT NULL DEFAULT true,
  last_side text,
  last_value double precision,
  last_as_of text CHECK (last_as_of ~ '^\d{4}-\d{2}-\d{2}$'),
  fired_count integer NOT NULL DEFAULT 0 CHECK (fired_count >= 0),
  last_fired_at timestamptz,
  created_at timestamptz NOT NULL,
  CONSTRAINT watchlist_alerts_symbol_fk FOREIGN KEY (watchlist_id, symbol) REFERENCES watchlist_symbols (watchlist_id, symbol) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS watchlist_alerts_symbol_idx ON watchlist_alerts (symbol);
CREATE INDEX IF NOT EXISTS watchlist_alerts_list_idx ON watchlist_alerts (watchlist_id, symbol);

-- What the bell lists. email_status: 'pending' → claimed 'sending' by one process → 'sent' or 'failed';
-- 'off' when the alert does not e-mail.
CREATE TABLE IF NOT EXISTS notifications (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  alert_id uuid REFERENCES watchlist_alerts(id) ON DELETE SET NULL,
  symbol text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  as_of text NOT NULL,
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  email_status text NOT NULL CHECK (email_status IN ('off', 'pending', 'sending', 'sent', 'failed')),
  email_attempts integer NOT NULL DEFAULT 0,
  email_claimed_at timestamptz,
  -- One notification per alert and data day: a second writer for the same firing conflicts instead of duplicating.
  CONSTRAINT notifications_alert_day_unique UNIQUE (alert_id, as_of)
);
CREATE INDEX IF NOT EXISTS notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX IF NOT EXISTS notifications_email_due_idx ON notifications (created_at) WHERE email_status IN ('pending', 'sending');
