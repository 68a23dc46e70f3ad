-- One number that changes whenever anything a card list shows may have changed: a card (its
-- text, cover, aggregates, icon theme), a collection (its name and slug), who is a member with
-- which role, which collections a card is linked into. Card lists keep their answer per user
-- under this number (core/src/cards/list_cache.rs), so an unchanged list is served without
-- being built again, and any change, by any process on this database, is seen at once.
CREATE TABLE list_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO list_version (id, version) VALUES (1, 0);

CREATE TRIGGER list_version_card_inserted AFTER INSERT ON cards
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER list_version_card_updated AFTER UPDATE ON cards
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER list_version_card_deleted AFTER DELETE ON cards
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER list_version_collection_inserted AFTER INSERT ON collections
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER list_version_collection_updated AFTER UPDATE ON collections
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER list_version_collection_deleted AFTER DELETE ON collections
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER list_version_member_inserted AFTER INSERT ON collection_members
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER list_version_member_updated AFTER UPDATE ON collection_members
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER list_version_member_deleted AFTER DELETE ON collection_members
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER list_version_link_inserted AFTER INSERT ON collection_cards
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER list_version_link_updated AFTER UPDATE ON collection_cards
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER list_version_link_deleted AFTER DELETE ON collection_cards
BEGIN UPDATE list_version SET version = version + 1 WHERE id = 1; END;
