-- The audit log is read by admins filtered by the user an event concerns (newest first) and
-- by action; without these indexes each filtered page scanned the whole trail.
CREATE INDEX audit_log_by_user ON audit_log (user_id, created_at);
CREATE INDEX audit_log_by_action ON audit_log (action, created_at);
