-- The PostgreSQL twin of migrations/sqlite/0021_mail.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Mail the instance sends (password resets, verifications, invitations). A message is written
-- here in the transaction that caused it, with a `mail.send` job that delivers it; the row
-- outlives the job, so nothing is lost when the mail server is down, and admins read the
-- outbox from it.
--   queued  waiting for (another) delivery attempt
--   sent    accepted by the SMTP server
--   outbox  no SMTP server configured: written as DATA_DIR/outbox/<id>.eml
--   failed  every attempt failed (or the server refused it for good); an admin may re-send
CREATE TABLE mail_messages (
    id          TEXT COLLATE "C" PRIMARY KEY,
    recipient   TEXT COLLATE "C" NOT NULL,
    subject     TEXT COLLATE "C" NOT NULL,
    text_body   TEXT COLLATE "C" NOT NULL,
    html_body   TEXT COLLATE "C" NOT NULL,
    status      TEXT COLLATE "C" NOT NULL CHECK (status IN ('queued', 'sent', 'outbox', 'failed')),
    attempts    BIGINT NOT NULL DEFAULT 0,
    last_error  TEXT COLLATE "C",
    job_id      TEXT COLLATE "C",
    created_at  TEXT COLLATE "C" NOT NULL,
    updated_at  TEXT COLLATE "C" NOT NULL,
    sent_at     TEXT COLLATE "C"
);
CREATE INDEX mail_messages_by_time ON mail_messages (created_at, id);
CREATE INDEX mail_messages_by_status ON mail_messages (status, created_at, id);
