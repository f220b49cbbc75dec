-- One hold + capture pair per transaction of this script; each step is one CTE statement in its own commit.
-- User of client n is 'bench_n' (seeded with audited_balance rows by the bench).
\set cost 800
WITH b AS (
  UPDATE audited_balance SET available_mt = available_mt - :cost::bigint, held_mt = held_mt + :cost::bigint
  WHERE user_id = 'bench_' || :client_id AND available_mt >= :cost::bigint
  RETURNING user_id, available_mt
), h AS (
  INSERT INTO audited_hold (user_id, cost_mt) SELECT user_id, :cost::bigint FROM b RETURNING id, user_id
), l AS (
  INSERT INTO audited_ledger (user_id, reason, delta_mt, balance_after_mt, idempotency_key, hold_id)
  SELECT h.user_id, 'hold', -(:cost::bigint), b.available_mt, 'hold:' || h.id, h.id FROM h, b
)
SELECT id AS hold_id FROM h \gset
WITH h AS (
  UPDATE audited_hold SET status = 'captured' WHERE id = :hold_id::bigint AND status = 'pending' RETURNING id, user_id, cost_mt
), b AS (
  UPDATE audited_balance t SET held_mt = t.held_mt - h.cost_mt FROM h WHERE t.user_id = h.user_id RETURNING t.user_id, t.available_mt
)
INSERT INTO audited_ledger (user_id, reason, delta_mt, balance_after_mt, idempotency_key, hold_id)
SELECT h.user_id, 'capture', 0, b.available_mt, 'capture:' || h.id, h.id FROM h, b;
