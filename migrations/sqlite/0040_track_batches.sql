-- The last batch of track changes made on each card (`tracks::batch`), kept so an editor can
-- undo it: the card's playable tracks (and the cards' stories) as they were before, in JSON,
-- and each touched card's tracks digest right after, so undo is refused once anything else
-- changed them. The JSON names the audio and icon files of deleted tracks, which keeps the
-- media sweep from removing them while the undo is possible.
CREATE TABLE track_batches (
    card_id     TEXT PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    user_id     TEXT REFERENCES users (id) ON DELETE SET NULL,
    action      TEXT NOT NULL,
    track_count INTEGER NOT NULL,
    undo        TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
