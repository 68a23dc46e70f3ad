-- The PostgreSQL twin of migrations/sqlite/0027_examples.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- The example content (`POST /admin/seed-examples`) is made once per instance: this single
-- row records that it was, so seeding again adds nothing, even after the examples were
-- deleted. While `completed_at` is NULL a seed is running (or was interrupted: one whose
-- `started_at` is old is taken over by the next call). No foreign keys: the collection and
-- the admin may be deleted later without changing the fact that the instance was seeded.
CREATE TABLE example_seed (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    collection_id TEXT COLLATE "C",
    seeded_by TEXT COLLATE "C" NOT NULL,
    started_at TEXT COLLATE "C" NOT NULL,
    completed_at TEXT COLLATE "C",
    cards_created BIGINT NOT NULL DEFAULT 0,
    tracks_created BIGINT NOT NULL DEFAULT 0
);
