-- The PostgreSQL twin of migrations/sqlite/0002_collections_cards_labels.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Collections shared by role, cards with a home collection, content-addressed images,
-- printable label sheets and their public share links.

CREATE TABLE images (
    -- SHA-256 (hex) of the stored, metadata-free bytes; the file is media/ab/<hash>
    hash         TEXT COLLATE "C" PRIMARY KEY,
    content_type TEXT COLLATE "C" NOT NULL,
    size_bytes   BIGINT NOT NULL,
    width        BIGINT NOT NULL,
    height       BIGINT NOT NULL,
    created_at   TEXT COLLATE "C" NOT NULL
);

CREATE TABLE collections (
    id                    TEXT COLLATE "C" PRIMARY KEY,
    name                  TEXT COLLATE "C" NOT NULL,
    slug                  TEXT COLLATE "C" NOT NULL UNIQUE,
    description           TEXT COLLATE "C" NOT NULL DEFAULT '',
    background_image_hash TEXT COLLATE "C" REFERENCES images (hash),
    created_at            TEXT COLLATE "C" NOT NULL,
    updated_at            TEXT COLLATE "C" NOT NULL
);

-- Who may do what in a collection: owner > editor > viewer. The creator is its first owner.
CREATE TABLE collection_members (
    collection_id TEXT COLLATE "C" NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    user_id       TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role          TEXT COLLATE "C" NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    added_at      TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (collection_id, user_id)
);
CREATE INDEX collection_members_by_user ON collection_members (user_id);

-- Each user's quick-record collection (at most one per user).
CREATE TABLE user_default_collections (
    user_id       TEXT COLLATE "C" PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    collection_id TEXT COLLATE "C" NOT NULL REFERENCES collections (id) ON DELETE CASCADE
);

-- Who the collection's stories are for; one row per collection, created on first write.
CREATE TABLE collection_profiles (
    collection_id   TEXT COLLATE "C" PRIMARY KEY REFERENCES collections (id) ON DELETE CASCADE,
    child_name      TEXT COLLATE "C" NOT NULL DEFAULT '',
    child_age       BIGINT,
    friends         TEXT COLLATE "C" NOT NULL DEFAULT '',
    interests       TEXT COLLATE "C" NOT NULL DEFAULT '',
    notes           TEXT COLLATE "C" NOT NULL DEFAULT '',
    pets            TEXT COLLATE "C" NOT NULL DEFAULT '',
    avoid_themes    TEXT COLLATE "C" NOT NULL DEFAULT '',
    prompt_template TEXT COLLATE "C" NOT NULL DEFAULT '',
    vocab_level     TEXT COLLATE "C" NOT NULL DEFAULT '',
    voice_id        TEXT COLLATE "C" NOT NULL DEFAULT '',
    duration_min    BIGINT NOT NULL DEFAULT 10
);

CREATE TABLE collection_presets (
    id              TEXT COLLATE "C" PRIMARY KEY,
    collection_id   TEXT COLLATE "C" NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    name            TEXT COLLATE "C" NOT NULL,
    emoji           TEXT COLLATE "C" NOT NULL DEFAULT '',
    prompt_template TEXT COLLATE "C" NOT NULL DEFAULT '',
    vocab_level     TEXT COLLATE "C" NOT NULL DEFAULT '',
    voice_id        TEXT COLLATE "C" NOT NULL DEFAULT '',
    duration_min    BIGINT NOT NULL DEFAULT 10,
    sort_order      BIGINT NOT NULL DEFAULT 0,
    created_at      TEXT COLLATE "C" NOT NULL
);
CREATE INDEX collection_presets_by_collection ON collection_presets (collection_id, sort_order);

CREATE TABLE cards (
    id                 TEXT COLLATE "C" PRIMARY KEY,
    slug               TEXT COLLATE "C" NOT NULL UNIQUE,
    -- the home collection owns the card; deleting a collection never orphans it silently
    home_collection_id TEXT COLLATE "C" NOT NULL REFERENCES collections (id),
    title              TEXT COLLATE "C" NOT NULL,
    description        TEXT COLLATE "C" NOT NULL DEFAULT '',
    author             TEXT COLLATE "C" NOT NULL DEFAULT '',
    cover_prompt       TEXT COLLATE "C" NOT NULL DEFAULT '',
    back_cover_prompt  TEXT COLLATE "C" NOT NULL DEFAULT '',
    cover_hash         TEXT COLLATE "C" REFERENCES images (hash),
    back_cover_hash    TEXT COLLATE "C" REFERENCES images (hash),
    autoadvance        TEXT COLLATE "C" NOT NULL DEFAULT 'next',
    shuffle            TEXT COLLATE "C" NOT NULL DEFAULT 'off',
    overlay_timeout    BIGINT NOT NULL DEFAULT 5,
    resume_timeout     BIGINT NOT NULL DEFAULT 3600,
    created_at         TEXT COLLATE "C" NOT NULL,
    updated_at         TEXT COLLATE "C" NOT NULL
);
CREATE INDEX cards_by_home ON cards (home_collection_id);

-- A card shown in collections other than its home.
CREATE TABLE collection_cards (
    collection_id TEXT COLLATE "C" NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    card_id       TEXT COLLATE "C" NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    linked_at     TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (collection_id, card_id)
);
CREATE INDEX collection_cards_by_card ON collection_cards (card_id);

CREATE TABLE labels (
    id         TEXT COLLATE "C" PRIMARY KEY,
    owner_id   TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- <id>.<format>, the file under DATA_DIR/labels
    filename   TEXT COLLATE "C" NOT NULL UNIQUE,
    format     TEXT COLLATE "C" NOT NULL,
    page_size  TEXT COLLATE "C" NOT NULL,
    card_count BIGINT NOT NULL,
    size_bytes BIGINT NOT NULL,
    created_at TEXT COLLATE "C" NOT NULL
);

-- Public links to a label sheet; revoking deletes the row, so the link dies at once.
CREATE TABLE label_shares (
    id         TEXT COLLATE "C" PRIMARY KEY,
    label_id   TEXT COLLATE "C" NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
    owner_id   TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- random, unguessable; the public URL carries it
    token      TEXT COLLATE "C" NOT NULL UNIQUE,
    created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX label_shares_by_owner ON label_shares (owner_id);
