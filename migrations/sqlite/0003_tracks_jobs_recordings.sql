-- A card's audio: playable tracks in order, and sources (kept audio an edit replaced).
CREATE TABLE tracks (
    id                    TEXT PRIMARY KEY,
    card_id               TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    slug                  TEXT NOT NULL,
    title                 TEXT NOT NULL,
    description           TEXT NOT NULL DEFAULT '',
    icon_prompt           TEXT NOT NULL DEFAULT '',
    -- chapter order among the card's playable tracks (1-based); sources keep their last one
    position              INTEGER NOT NULL,
    is_source             INTEGER NOT NULL DEFAULT 0,
    -- the track this one was made from by an edit
    parent_track_id       TEXT REFERENCES tracks (id) ON DELETE SET NULL,
    source_type           TEXT NOT NULL,
    -- the audio as it arrived (media/ab/<hash>); kept so edits start from the best copy
    original_hash         TEXT,
    original_format       TEXT NOT NULL DEFAULT '',
    original_size_bytes   INTEGER NOT NULL DEFAULT 0,
    -- the AAC/M4A the player gets
    audio_hash            TEXT,
    transcoded_format     TEXT NOT NULL DEFAULT '',
    transcoded_size_bytes INTEGER NOT NULL DEFAULT 0,
    duration_ms           INTEGER,
    transcode_status      TEXT NOT NULL,
    transcode_error       TEXT,
    stream_url            TEXT,
    stream_status         TEXT,
    processing_job_id     TEXT,
    created_at            TEXT NOT NULL,
    updated_at            TEXT NOT NULL,
    UNIQUE (card_id, slug)
);
CREATE INDEX tracks_by_card ON tracks (card_id, is_source, position);

-- Aggregates of a card's playable tracks, kept current by every track change so card lists
-- need no join and `content_hash` covers the audio.
ALTER TABLE cards ADD COLUMN track_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cards ADD COLUMN total_duration_ms INTEGER NOT NULL DEFAULT 0;
-- comma-separated, sorted, distinct source types
ALTER TABLE cards ADD COLUMN source_types TEXT NOT NULL DEFAULT '';
-- SHA-256 over the playable tracks as a publish would send them
ALTER TABLE cards ADD COLUMN tracks_digest TEXT NOT NULL DEFAULT '';

-- The durable job queue. A worker claims a job by setting `locked_until` (its lease) and keeps
-- extending it while it works; a job whose lease ran out was orphaned by a dead process and is
-- claimed again, up to `max_attempts`.
CREATE TABLE jobs (
    id           TEXT PRIMARY KEY,
    user_id      TEXT REFERENCES users (id) ON DELETE SET NULL,
    kind         TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    payload      TEXT NOT NULL,
    result       TEXT,
    progress     REAL NOT NULL DEFAULT 0,
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL DEFAULT 3,
    error        TEXT,
    run_at       TEXT NOT NULL,
    locked_until TEXT,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    completed_at TEXT
);
CREATE INDEX jobs_queue ON jobs (status, run_at);
CREATE INDEX jobs_by_user ON jobs (user_id, created_at);

-- Takes being recorded in a browser: chunks are appended to DATA_DIR/recordings/<id>/take.
CREATE TABLE recording_sessions (
    id           TEXT PRIMARY KEY,
    card_id      TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title        TEXT NOT NULL DEFAULT '',
    -- the sequence number the next chunk must carry
    next_seq     INTEGER NOT NULL DEFAULT 0,
    bytes        INTEGER NOT NULL DEFAULT 0,
    content_type TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
