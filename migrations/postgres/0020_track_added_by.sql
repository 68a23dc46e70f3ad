-- The PostgreSQL twin of migrations/sqlite/0020_track_added_by.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Who brought a track's audio in (an upload, a recording, or an edit of theirs), so the
-- per-user storage cap can count it. Tracks from before this have no owner and count for
-- nobody; a deleted user's tracks stay (they belong to the collection) and count for nobody.
ALTER TABLE tracks ADD COLUMN added_by TEXT COLLATE "C" REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX tracks_by_adder ON tracks (added_by) WHERE added_by IS NOT NULL;
