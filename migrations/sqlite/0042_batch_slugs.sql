-- `batch` is now a fixed address under /cards/ (many cards at once) and under
-- /cards/{slug}/tracks/ (many tracks at once): a card or track that was given that slug before
-- moves to `batch-` and the start of its id, so its page and API stay reachable.
UPDATE cards SET slug = 'batch-' || substr(id, 1, 8) WHERE slug = 'batch';
UPDATE tracks SET slug = 'batch-' || substr(id, 1, 8) WHERE slug = 'batch';
