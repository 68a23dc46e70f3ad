-- Cards made of a podcast or audio feed (`card_feeds`, one per card): where the feed is, how
-- many of its latest episodes the card keeps, whether they are streamed or downloaded, and
-- how the card follows the feed (refresh, order, republish). Each episode the card holds is a
-- row of `feed_episodes`; its track may be deleted by the parent (`track_id` NULL), and a
-- refresh then does not bring it back.
CREATE TABLE card_feeds (
    card_id         TEXT COLLATE "C" PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    url             TEXT COLLATE "C" NOT NULL,
    feed_title      TEXT COLLATE "C" NOT NULL,
    image_url       TEXT COLLATE "C",
    episodes        INTEGER NOT NULL,
    stream          INTEGER NOT NULL DEFAULT 0,
    -- 'off', 'daily', 'weekly'
    refresh         TEXT COLLATE "C" NOT NULL DEFAULT 'off',
    -- 'newest-first', 'oldest-first'
    episode_order   TEXT COLLATE "C" NOT NULL DEFAULT 'newest-first',
    republish       INTEGER NOT NULL DEFAULT 0,
    -- whose rights a scheduled refresh runs with
    user_id         TEXT COLLATE "C" REFERENCES users (id) ON DELETE SET NULL,
    last_checked_at TEXT COLLATE "C",
    last_error      TEXT COLLATE "C",
    -- JSON list of {title, reason}: episodes the last refresh could not add
    refused         TEXT COLLATE "C",
    next_refresh_at TEXT COLLATE "C",
    created_at      TEXT COLLATE "C" NOT NULL
);
CREATE INDEX card_feeds_due ON card_feeds (next_refresh_at);

CREATE TABLE feed_episodes (
    card_id      TEXT COLLATE "C" NOT NULL REFERENCES card_feeds (card_id) ON DELETE CASCADE,
    episode_id   TEXT COLLATE "C" NOT NULL,
    title        TEXT COLLATE "C" NOT NULL,
    published_at TEXT COLLATE "C",
    track_id     TEXT COLLATE "C" REFERENCES tracks (id) ON DELETE SET NULL,
    PRIMARY KEY (card_id, episode_id)
);
