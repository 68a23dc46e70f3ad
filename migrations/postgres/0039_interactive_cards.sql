-- Interactive cards: how a card plays (`linear`, chapters in order, or `interactive`, a story
-- the child steers with the player's buttons) and its story graph (JSON, see
-- cardsmith_model::interactive::StoryGraph: passages by track id, their choices and endings).
-- A card keeps its story while it is linear, so turning it interactive again loses nothing.
ALTER TABLE cards ADD COLUMN playback_type TEXT COLLATE "C" NOT NULL DEFAULT 'linear'
    CHECK (playback_type IN ('linear', 'interactive'));
ALTER TABLE cards ADD COLUMN story TEXT COLLATE "C";
