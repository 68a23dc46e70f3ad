-- The PostgreSQL twin of migrations/sqlite/0026_audit_by_user.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- The audit log is read by admins filtered by the user an event concerns (newest first) and
-- by action; without these indexes each filtered page scanned the whole trail.
CREATE INDEX audit_log_by_user ON audit_log (user_id, created_at);
CREATE INDEX audit_log_by_action ON audit_log (action, created_at);
