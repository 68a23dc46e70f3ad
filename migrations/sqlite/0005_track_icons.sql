-- A track's 16x16 player icon and the full-resolution image it was made from, both in
-- `images` (media/ab/<hash>). NULL means the track shows its drawn default icon, so every
-- chapter has one without storing anything.
ALTER TABLE tracks ADD COLUMN icon_hash TEXT;
ALTER TABLE tracks ADD COLUMN icon_source_hash TEXT;
