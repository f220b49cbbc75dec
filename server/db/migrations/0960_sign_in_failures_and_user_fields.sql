-- Per-account sign-in throttle (server/features/auth/sign-in-throttle.ts): failures per typed e-mail,
-- whether or not an account has it. account_key is the SHA-256 of the lower-cased address.
CREATE TABLE IF NOT EXISTS sign_in_failures (
  account_key text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures >= 0),
  last_failure_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sign_in_failures_last_failure_at_idx ON sign_in_failures (last_failure_at);

-- better-auth's update-user took any name and image (issue 26): it is switched off now, and rows it wrote
-- are brought under the rules every other path keeps (a name is two names of at most 100 characters and a
-- space; an image is an https URL of at most 2048 characters or our own avatar path).
UPDATE "user" SET name = left(btrim(name), 201) WHERE length(name) > 201;
UPDATE "user" SET image = NULL
WHERE image IS NOT NULL
  AND NOT (length(image) <= 2048 AND (image ~ '^https://[^[:space:]]+$' OR image LIKE '/api/profile/avatar/%'));
