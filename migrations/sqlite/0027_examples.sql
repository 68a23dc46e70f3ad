-- The example content (`POST /admin/seed-examples`) is made once per instance: this single
-- row records that it was, so seeding again adds nothing, even after the examples were
-- deleted. While `completed_at` is NULL a seed is running (or was interrupted: one whose
-- `started_at` is old is taken over by the next call). No foreign keys: the collection and
-- the admin may be deleted later without changing the fact that the instance was seeded.
CREATE TABLE example_seed (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    collection_id TEXT,
    seeded_by TEXT NOT NULL,
    started_at TEXT NOT NULL,
    completed_at TEXT,
    cards_created INTEGER NOT NULL DEFAULT 0,
    tracks_created INTEGER NOT NULL DEFAULT 0
);
