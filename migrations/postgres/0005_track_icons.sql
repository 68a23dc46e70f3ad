-- The PostgreSQL twin of migrations/sqlite/0005_track_icons.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- A track's 16x16 player icon and the full-resolution image it was made from, both in
-- `images` (media/ab/<hash>). NULL means the track shows its drawn default icon, so every
-- chapter has one without storing anything.
ALTER TABLE tracks ADD COLUMN icon_hash TEXT COLLATE "C";
ALTER TABLE tracks ADD COLUMN icon_source_hash TEXT COLLATE "C";
