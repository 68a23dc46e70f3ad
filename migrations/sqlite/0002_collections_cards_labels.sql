-- Collections shared by role, cards with a home collection, content-addressed images,
-- printable label sheets and their public share links.

CREATE TABLE images (
    -- SHA-256 (hex) of the stored, metadata-free bytes; the file is media/ab/<hash>
    hash         TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    size_bytes   INTEGER NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    created_at   TEXT NOT NULL
);

CREATE TABLE collections (
    id                    TEXT PRIMARY KEY,
    name                  TEXT NOT NULL,
    slug                  TEXT NOT NULL UNIQUE,
    description           TEXT NOT NULL DEFAULT '',
    background_image_hash TEXT REFERENCES images (hash),
    created_at            TEXT NOT NULL,
    updated_at            TEXT NOT NULL
);

-- Who may do what in a collection: owner > editor > viewer. The creator is its first owner.
CREATE TABLE collection_members (
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role          TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    added_at      TEXT NOT NULL,
    PRIMARY KEY (collection_id, user_id)
);
CREATE INDEX collection_members_by_user ON collection_members (user_id);

-- Each user's quick-record collection (at most one per user).
CREATE TABLE user_default_collections (
    user_id       TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE
);

-- Who the collection's stories are for; one row per collection, created on first write.
CREATE TABLE collection_profiles (
    collection_id   TEXT PRIMARY KEY REFERENCES collections (id) ON DELETE CASCADE,
    child_name      TEXT NOT NULL DEFAULT '',
    child_age       INTEGER,
    friends         TEXT NOT NULL DEFAULT '',
    interests       TEXT NOT NULL DEFAULT '',
    notes           TEXT NOT NULL DEFAULT '',
    pets            TEXT NOT NULL DEFAULT '',
    avoid_themes    TEXT NOT NULL DEFAULT '',
    prompt_template TEXT NOT NULL DEFAULT '',
    vocab_level     TEXT NOT NULL DEFAULT '',
    voice_id        TEXT NOT NULL DEFAULT '',
    duration_min    INTEGER NOT NULL DEFAULT 10
);

CREATE TABLE collection_presets (
    id              TEXT PRIMARY KEY,
    collection_id   TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    emoji           TEXT NOT NULL DEFAULT '',
    prompt_template TEXT NOT NULL DEFAULT '',
    vocab_level     TEXT NOT NULL DEFAULT '',
    voice_id        TEXT NOT NULL DEFAULT '',
    duration_min    INTEGER NOT NULL DEFAULT 10,
    sort_order      INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL
);
CREATE INDEX collection_presets_by_collection ON collection_presets (collection_id, sort_order);

CREATE TABLE cards (
    id                 TEXT PRIMARY KEY,
    slug               TEXT NOT NULL UNIQUE,
    -- the home collection owns the card; deleting a collection never orphans it silently
    home_collection_id TEXT NOT NULL REFERENCES collections (id),
    title              TEXT NOT NULL,
    description        TEXT NOT NULL DEFAULT '',
    author             TEXT NOT NULL DEFAULT '',
    cover_prompt       TEXT NOT NULL DEFAULT '',
    back_cover_prompt  TEXT NOT NULL DEFAULT '',
    cover_hash         TEXT REFERENCES images (hash),
    back_cover_hash    TEXT REFERENCES images (hash),
    autoadvance        TEXT NOT NULL DEFAULT 'next',
    shuffle            TEXT NOT NULL DEFAULT 'off',
    overlay_timeout    INTEGER NOT NULL DEFAULT 5,
    resume_timeout     INTEGER NOT NULL DEFAULT 3600,
    created_at         TEXT NOT NULL,
    updated_at         TEXT NOT NULL
);
CREATE INDEX cards_by_home ON cards (home_collection_id);

-- A card shown in collections other than its home.
CREATE TABLE collection_cards (
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    card_id       TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    linked_at     TEXT NOT NULL,
    PRIMARY KEY (collection_id, card_id)
);
CREATE INDEX collection_cards_by_card ON collection_cards (card_id);

CREATE TABLE labels (
    id         TEXT PRIMARY KEY,
    owner_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- <id>.<format>, the file under DATA_DIR/labels
    filename   TEXT NOT NULL UNIQUE,
    format     TEXT NOT NULL,
    page_size  TEXT NOT NULL,
    card_count INTEGER NOT NULL,
    size_bytes INTEGER NOT NULL,
    created_at TEXT NOT NULL
);

-- Public links to a label sheet; revoking deletes the row, so the link dies at once.
CREATE TABLE label_shares (
    id         TEXT PRIMARY KEY,
    label_id   TEXT NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
    owner_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- random, unguessable; the public URL carries it
    token      TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);
CREATE INDEX label_shares_by_owner ON label_shares (owner_id);
