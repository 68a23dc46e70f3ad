-- The PostgreSQL twin of migrations/sqlite/0003_tracks_jobs_recordings.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- A card's audio: playable tracks in order, and sources (kept audio an edit replaced).
CREATE TABLE tracks (
    id                    TEXT COLLATE "C" PRIMARY KEY,
    card_id               TEXT COLLATE "C" NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    slug                  TEXT COLLATE "C" NOT NULL,
    title                 TEXT COLLATE "C" NOT NULL,
    description           TEXT COLLATE "C" NOT NULL DEFAULT '',
    icon_prompt           TEXT COLLATE "C" NOT NULL DEFAULT '',
    -- chapter order among the card's playable tracks (1-based); sources keep their last one
    position              BIGINT NOT NULL,
    is_source             BIGINT NOT NULL DEFAULT 0,
    -- the track this one was made from by an edit
    parent_track_id       TEXT COLLATE "C" REFERENCES tracks (id) ON DELETE SET NULL,
    source_type           TEXT COLLATE "C" NOT NULL,
    -- the audio as it arrived (media/ab/<hash>); kept so edits start from the best copy
    original_hash         TEXT COLLATE "C",
    original_format       TEXT COLLATE "C" NOT NULL DEFAULT '',
    original_size_bytes   BIGINT NOT NULL DEFAULT 0,
    -- the AAC/M4A the player gets
    audio_hash            TEXT COLLATE "C",
    transcoded_format     TEXT COLLATE "C" NOT NULL DEFAULT '',
    transcoded_size_bytes BIGINT NOT NULL DEFAULT 0,
    duration_ms           BIGINT,
    transcode_status      TEXT COLLATE "C" NOT NULL,
    transcode_error       TEXT COLLATE "C",
    stream_url            TEXT COLLATE "C",
    stream_status         TEXT COLLATE "C",
    processing_job_id     TEXT COLLATE "C",
    created_at            TEXT COLLATE "C" NOT NULL,
    updated_at            TEXT COLLATE "C" NOT NULL,
    UNIQUE (card_id, slug)
);
CREATE INDEX tracks_by_card ON tracks (card_id, is_source, position);

-- Aggregates of a card's playable tracks, kept current by every track change so card lists
-- need no join and `content_hash` covers the audio.
ALTER TABLE cards ADD COLUMN track_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE cards ADD COLUMN total_duration_ms BIGINT NOT NULL DEFAULT 0;
-- comma-separated, sorted, distinct source types
ALTER TABLE cards ADD COLUMN source_types TEXT COLLATE "C" NOT NULL DEFAULT '';
-- SHA-256 over the playable tracks as a publish would send them
ALTER TABLE cards ADD COLUMN tracks_digest TEXT COLLATE "C" NOT NULL DEFAULT '';

-- The durable job queue. A worker claims a job by setting `locked_until` (its lease) and keeps
-- extending it while it works; a job whose lease ran out was orphaned by a dead process and is
-- claimed again, up to `max_attempts`.
CREATE TABLE jobs (
    id           TEXT COLLATE "C" PRIMARY KEY,
    user_id      TEXT COLLATE "C" REFERENCES users (id) ON DELETE SET NULL,
    kind         TEXT COLLATE "C" NOT NULL,
    status       TEXT COLLATE "C" NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    payload      TEXT COLLATE "C" NOT NULL,
    result       TEXT COLLATE "C",
    progress     DOUBLE PRECISION NOT NULL DEFAULT 0,
    attempts     BIGINT NOT NULL DEFAULT 0,
    max_attempts BIGINT NOT NULL DEFAULT 3,
    error        TEXT COLLATE "C",
    run_at       TEXT COLLATE "C" NOT NULL,
    locked_until TEXT COLLATE "C",
    created_at   TEXT COLLATE "C" NOT NULL,
    updated_at   TEXT COLLATE "C" NOT NULL,
    completed_at TEXT COLLATE "C"
);
CREATE INDEX jobs_queue ON jobs (status, run_at);
CREATE INDEX jobs_by_user ON jobs (user_id, created_at);

-- Takes being recorded in a browser: chunks are appended to DATA_DIR/recordings/<id>/take.
CREATE TABLE recording_sessions (
    id           TEXT COLLATE "C" PRIMARY KEY,
    card_id      TEXT COLLATE "C" NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    user_id      TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title        TEXT COLLATE "C" NOT NULL DEFAULT '',
    -- the sequence number the next chunk must carry
    next_seq     BIGINT NOT NULL DEFAULT 0,
    bytes        BIGINT NOT NULL DEFAULT 0,
    content_type TEXT COLLATE "C" NOT NULL DEFAULT '',
    created_at   TEXT COLLATE "C" NOT NULL,
    updated_at   TEXT COLLATE "C" NOT NULL
);
