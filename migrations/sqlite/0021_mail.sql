-- Mail the instance sends (password resets, verifications, invitations). A message is written
-- here in the transaction that caused it, with a `mail.send` job that delivers it; the row
-- outlives the job, so nothing is lost when the mail server is down, and admins read the
-- outbox from it.
--   queued  waiting for (another) delivery attempt
--   sent    accepted by the SMTP server
--   outbox  no SMTP server configured: written as DATA_DIR/outbox/<id>.eml
--   failed  every attempt failed (or the server refused it for good); an admin may re-send
CREATE TABLE mail_messages (
    id          TEXT PRIMARY KEY,
    recipient   TEXT NOT NULL,
    subject     TEXT NOT NULL,
    text_body   TEXT NOT NULL,
    html_body   TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'outbox', 'failed')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    last_error  TEXT,
    job_id      TEXT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    sent_at     TEXT
);
CREATE INDEX mail_messages_by_time ON mail_messages (created_at, id);
CREATE INDEX mail_messages_by_status ON mail_messages (status, created_at, id);
