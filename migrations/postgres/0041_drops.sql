-- Folders and ZIPs of audio dropped on Cardsmith (`drops`): the files arrive first (kept in
-- the data dir's drops/ folder, probed as they land), the plan of cards is worked out from
-- them, and the parent confirms it to make the cards. A drop is its maker's alone; one not
-- made within a day is removed with its files by housekeeping.
CREATE TABLE drops (
    id            TEXT COLLATE "C" PRIMARY KEY,
    user_id       TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    collection_id TEXT COLLATE "C" NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    name          TEXT COLLATE "C" NOT NULL,
    -- 'open' (taking files), 'making' (a confirm is making its cards), 'made'
    state         TEXT COLLATE "C" NOT NULL DEFAULT 'open',
    -- JSON: the slugs of the cards made, once made
    made_cards    TEXT COLLATE "C",
    created_at    TEXT COLLATE "C" NOT NULL
);
CREATE INDEX drops_created ON drops (created_at);

-- Each file of a drop as probing found it: 'audio' (with its tags and what ffprobe said),
-- 'image', 'unusable' (with why) or 'other'. A path sent again replaces its file.
CREATE TABLE drop_files (
    id          TEXT COLLATE "C" PRIMARY KEY,
    drop_id     TEXT COLLATE "C" NOT NULL REFERENCES drops (id) ON DELETE CASCADE,
    path        TEXT COLLATE "C" NOT NULL,
    size_bytes  BIGINT NOT NULL,
    sha256      TEXT COLLATE "C" NOT NULL,
    kind        TEXT COLLATE "C" NOT NULL,
    reason      TEXT COLLATE "C",
    -- JSON of the audio's facts (tags, format, duration, channels) when kind is 'audio'
    facts       TEXT COLLATE "C",
    created_at  TEXT COLLATE "C" NOT NULL,
    UNIQUE (drop_id, path)
);
