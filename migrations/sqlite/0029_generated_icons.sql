-- Which chapter icons were generated (`icons/generate`, `sample`, `regenerate`, `select`):
-- the hash of the 16x16 icon last generated for the track. An icon counts as generated while
-- `icon_hash` still equals it; an upload or import changes `icon_hash`, and batch generation
-- then leaves that person's icon alone.
ALTER TABLE tracks ADD COLUMN icon_generated_hash TEXT;
