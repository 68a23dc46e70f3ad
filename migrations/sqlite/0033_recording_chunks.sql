-- The chunks of takes being recorded (core/src/recording/take.rs). Each chunk is a named file
-- of the media store (`recordings/<session>/<seq>-<nonce>`), so any instance sharing the store
-- can receive the next chunk or finish the take. A chunk counts once its row is committed;
-- a file without a row (a crash, a lost race between instances) is removed with the session.
CREATE TABLE recording_chunks (
    session_id TEXT NOT NULL REFERENCES recording_sessions (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    name       TEXT NOT NULL,
    bytes      INTEGER NOT NULL,
    PRIMARY KEY (session_id, seq)
);

-- Takes being recorded when this migration runs kept their bytes in one local file, which
-- the chunk list cannot describe: those sessions end here (their files are then removed as
-- chunks of no session by the housekeeping, `recording::expire_stale`). A session with
-- nothing recorded yet goes on.
DELETE FROM recording_sessions WHERE bytes > 0;
