-- App processes cache sessions in memory (server/features/auth/session-reader.ts). This counter moves
-- whenever a session could have been revoked or its user changed, in the same transaction as the change;
-- each process re-reads it at least every SESSION_REVOCATION_MS and drops its cache when it moved.
CREATE TABLE IF NOT EXISTS session_revision (
  id smallint PRIMARY KEY CHECK (id = 1),
  revision bigint NOT NULL
);
INSERT INTO session_revision (id, revision) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;

CREATE OR REPLACE FUNCTION session_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE session_revision SET revision = revision + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;

-- Sign-out, revoking other sessions, password change or reset, a deleted user (cascade), an operator's DELETE.
DROP TRIGGER IF EXISTS session_deleted_bumps_revision ON session;
CREATE TRIGGER session_deleted_bumps_revision AFTER DELETE ON session
  FOR EACH STATEMENT EXECUTE FUNCTION session_revision_bump();

-- better-auth's daily extension only moves expires_at later: that changes nothing a cache could get wrong.
DROP TRIGGER IF EXISTS session_changed_bumps_revision ON session;
CREATE TRIGGER session_changed_bumps_revision AFTER UPDATE ON session
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at OR NEW.token IS DISTINCT FROM OLD.token OR NEW.user_id IS DISTINCT FROM OLD.user_id)
  EXECUTE FUNCTION session_revision_bump();

-- The cache holds the user's e-mail, name, verification and image too.
DROP TRIGGER IF EXISTS user_changed_bumps_revision ON "user";
CREATE TRIGGER user_changed_bumps_revision AFTER UPDATE OF email, email_verified, name, image ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION session_revision_bump();
