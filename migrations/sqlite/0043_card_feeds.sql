-- Cards made of a podcast or audio feed (`card_feeds`, one per card): where the feed is, how
-- many of its latest episodes the card keeps, whether they are streamed or downloaded, and
-- how the card follows the feed (refresh, order, republish). Each episode the card holds is a
-- row of `feed_episodes`; its track may be deleted by the parent (`track_id` NULL), and a
-- refresh then does not bring it back.
CREATE TABLE card_feeds (
    card_id         TEXT PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    url             TEXT NOT NULL,
    feed_title      TEXT NOT NULL,
    image_url       TEXT,
    episodes        INTEGER NOT NULL,
    stream          INTEGER NOT NULL DEFAULT 0,
    -- 'off', 'daily', 'weekly'
    refresh         TEXT NOT NULL DEFAULT 'off',
    -- 'newest-first', 'oldest-first'
    episode_order   TEXT NOT NULL DEFAULT 'newest-first',
    republish       INTEGER NOT NULL DEFAULT 0,
    -- whose rights a scheduled refresh runs with
    user_id         TEXT REFERENCES users (id) ON DELETE SET NULL,
    last_checked_at TEXT,
    last_error      TEXT,
    -- JSON list of {title, reason}: episodes the last refresh could not add
    refused         TEXT,
    next_refresh_at TEXT,
    created_at      TEXT NOT NULL
);
CREATE INDEX card_feeds_due ON card_feeds (next_refresh_at);

CREATE TABLE feed_episodes (
    card_id      TEXT NOT NULL REFERENCES card_feeds (card_id) ON DELETE CASCADE,
    episode_id   TEXT NOT NULL,
    title        TEXT NOT NULL,
    published_at TEXT,
    track_id     TEXT REFERENCES tracks (id) ON DELETE SET NULL,
    PRIMARY KEY (card_id, episode_id)
);
