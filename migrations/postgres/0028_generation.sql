-- The PostgreSQL twin of migrations/sqlite/0028_generation.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Generation: AI providers with budgets, spoken tracks, generated covers and chapter icons.

-- A provider a user (owner_type 'user') or the instance (owner_type 'system') pays for.
-- Money is kept in integer micro-dollars (1 USD = 1,000,000) so charges add up exactly and
-- a charge is one UPDATE; the wire shows dollars (and the monthly cap in cents, as the spec
-- names it). The API key is sealed with the row id as associated data (`crypto::seal`) and
-- never leaves the server; `rotate-key` re-seals it.
CREATE TABLE llm_providers (
    id                      TEXT COLLATE "C" PRIMARY KEY,
    owner_type              TEXT COLLATE "C" NOT NULL CHECK (owner_type IN ('system', 'user')),
    owner_user_id           TEXT COLLATE "C" REFERENCES users (id) ON DELETE CASCADE,
    -- the wire format and price list: openai, openai-compatible, ollama, anthropic, gemini,
    -- ideogram, elevenlabs, offline
    provider                TEXT COLLATE "C" NOT NULL,
    model                   TEXT COLLATE "C" NOT NULL,
    -- where an OpenAI-compatible or Ollama server answers; NULL: the kind's configured default
    base_url                TEXT COLLATE "C",
    api_key_sealed          TEXT COLLATE "C",
    enabled                 BIGINT NOT NULL DEFAULT 1,
    priority                BIGINT NOT NULL DEFAULT 0,
    budget_micros           BIGINT NOT NULL DEFAULT 0 CHECK (budget_micros >= 0),
    spent_micros            BIGINT NOT NULL DEFAULT 0 CHECK (spent_micros >= 0),
    monthly_budget_cents    BIGINT CHECK (monthly_budget_cents IS NULL OR monthly_budget_cents >= 0),
    monthly_spent_micros    BIGINT NOT NULL DEFAULT 0 CHECK (monthly_spent_micros >= 0),
    -- when the monthly spend next goes back to zero (the first of the next month, UTC)
    monthly_spend_reset_at  TEXT COLLATE "C" NOT NULL,
    last_error              TEXT COLLATE "C",
    last_error_at           TEXT COLLATE "C",
    last_used_at            TEXT COLLATE "C",
    created_at              TEXT COLLATE "C" NOT NULL,
    updated_at              TEXT COLLATE "C" NOT NULL,
    CHECK ((owner_type = 'system') = (owner_user_id IS NULL))
);
CREATE INDEX llm_providers_by_owner ON llm_providers (owner_type, owner_user_id, priority);

-- One row per provider call the cascade made or skipped: what it cost, and why a provider was
-- passed over. Kept without foreign keys so the record outlives a deleted provider or user.
CREATE TABLE llm_calls (
    id            TEXT COLLATE "C" PRIMARY KEY,
    provider_id   TEXT COLLATE "C",
    user_id       TEXT COLLATE "C",
    capability    TEXT COLLATE "C" NOT NULL,
    outcome       TEXT COLLATE "C" NOT NULL CHECK (outcome IN ('ok', 'failed', 'over_budget')),
    error         TEXT COLLATE "C",
    cost_micros   BIGINT NOT NULL DEFAULT 0,
    created_at    TEXT COLLATE "C" NOT NULL
);
CREATE INDEX llm_calls_by_provider ON llm_calls (provider_id, created_at);

-- A spoken track remembers what it was spoken from, so it can be re-spoken or edited.
ALTER TABLE tracks ADD COLUMN tts_text TEXT COLLATE "C";
ALTER TABLE tracks ADD COLUMN tts_voice TEXT COLLATE "C";
ALTER TABLE tracks ADD COLUMN tts_provider TEXT COLLATE "C";
ALTER TABLE tracks ADD COLUMN tts_instructions TEXT COLLATE "C";

-- A generated cover waiting for the editor to accept it, at most one per card and side.
-- Nothing of the card changes until `accept-preview` copies `image_hash` into the card.
CREATE TABLE cover_previews (
    card_id     TEXT COLLATE "C" NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    side        TEXT COLLATE "C" NOT NULL CHECK (side IN ('front', 'back')),
    image_hash  TEXT COLLATE "C" NOT NULL REFERENCES images (hash),
    prompt      TEXT COLLATE "C" NOT NULL,
    provider    TEXT COLLATE "C" NOT NULL,
    created_by  TEXT COLLATE "C",
    created_at  TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (card_id, side)
);

-- The approved icon theme of a card (`PUT /cards/{slug}/icons/theme`): JSON
-- {"colors": ["#rrggbb", …], "palette_name": …, "style": …}; NULL until one is approved.
ALTER TABLE cards ADD COLUMN icon_theme TEXT COLLATE "C";

-- Candidate icons for one chapter (`variations`), shown at `preview/{index}`, one chosen with
-- `select`. A new batch of variations replaces the old one.
CREATE TABLE icon_variations (
    track_id     TEXT COLLATE "C" NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    idx          BIGINT NOT NULL CHECK (idx >= 0),
    icon_hash    TEXT COLLATE "C" NOT NULL REFERENCES images (hash),
    source_hash  TEXT COLLATE "C" REFERENCES images (hash),
    prompt       TEXT COLLATE "C" NOT NULL,
    provider     TEXT COLLATE "C" NOT NULL,
    created_at   TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (track_id, idx)
);
