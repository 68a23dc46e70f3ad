-- The last batch of track changes made on each card (`tracks::batch`), kept so an editor can
-- undo it: the card's playable tracks (and the cards' stories) as they were before, in JSON,
-- and each touched card's tracks digest right after, so undo is refused once anything else
-- changed them. The JSON names the audio and icon files of deleted tracks, which keeps the
-- media sweep from removing them while the undo is possible.
CREATE TABLE track_batches (
    card_id     TEXT COLLATE "C" PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    user_id     TEXT COLLATE "C" REFERENCES users (id) ON DELETE SET NULL,
    action      TEXT COLLATE "C" NOT NULL,
    track_count BIGINT NOT NULL,
    undo        TEXT COLLATE "C" NOT NULL,
    created_at  TEXT COLLATE "C" NOT NULL
);
