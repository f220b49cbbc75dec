-- Foundation. Later migrations per feature: 01xx accounts, 02xx tokens, 03xx market, 04xx payments.
CREATE TABLE IF NOT EXISTS app_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
