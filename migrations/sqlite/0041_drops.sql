-- Folders and ZIPs of audio dropped on Cardsmith (`drops`): the files arrive first (kept in
-- the data dir's drops/ folder, probed as they land), the plan of cards is worked out from
-- them, and the parent confirms it to make the cards. A drop is its maker's alone; one not
-- made within a day is removed with its files by housekeeping.
CREATE TABLE drops (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    -- 'open' (taking files), 'making' (a confirm is making its cards), 'made'
    state         TEXT NOT NULL DEFAULT 'open',
    -- JSON: the slugs of the cards made, once made
    made_cards    TEXT,
    created_at    TEXT NOT NULL
);
CREATE INDEX drops_created ON drops (created_at);

-- Each file of a drop as probing found it: 'audio' (with its tags and what ffprobe said),
-- 'image', 'unusable' (with why) or 'other'. A path sent again replaces its file.
CREATE TABLE drop_files (
    id          TEXT PRIMARY KEY,
    drop_id     TEXT NOT NULL REFERENCES drops (id) ON DELETE CASCADE,
    path        TEXT NOT NULL,
    size_bytes  INTEGER NOT NULL,
    sha256      TEXT NOT NULL,
    kind        TEXT NOT NULL,
    reason      TEXT,
    -- JSON of the audio's facts (tags, format, duration, channels) when kind is 'audio'
    facts       TEXT,
    created_at  TEXT NOT NULL,
    UNIQUE (drop_id, path)
);
