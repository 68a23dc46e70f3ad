-- The PostgreSQL twin of migrations/sqlite/0029_generated_icons.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Which chapter icons were generated (`icons/generate`, `sample`, `regenerate`, `select`):
-- the hash of the 16x16 icon last generated for the track. An icon counts as generated while
-- `icon_hash` still equals it; an upload or import changes `icon_hash`, and batch generation
-- then leaves that person's icon alone.
ALTER TABLE tracks ADD COLUMN icon_generated_hash TEXT COLLATE "C";
