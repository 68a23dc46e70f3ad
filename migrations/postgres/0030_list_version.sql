-- The PostgreSQL twin of migrations/sqlite/0030_list_version.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, TEXT compares byte by byte (COLLATE "C") as in SQLite. SQLite's row
-- triggers become one statement trigger per table and event, calling one function: the
-- number changes once per changing statement, which is all a list needs to know.
-- One number that changes whenever anything a card list shows may have changed: a card (its
-- text, cover, aggregates, icon theme), a collection (its name and slug), who is a member with
-- which role, which collections a card is linked into. Card lists keep their answer per user
-- under this number (core/src/cards/list_cache.rs), so an unchanged list is served without
-- being built again, and any change, by any process on this database, is seen at once.
CREATE TABLE list_version (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO list_version (id, version) VALUES (1, 0);

CREATE FUNCTION list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE list_version SET version = version + 1 WHERE id = 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER list_version_cards AFTER INSERT OR UPDATE OR DELETE ON cards
    FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump();
CREATE TRIGGER list_version_collections AFTER INSERT OR UPDATE OR DELETE ON collections
    FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump();
CREATE TRIGGER list_version_members AFTER INSERT OR UPDATE OR DELETE ON collection_members
    FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump();
CREATE TRIGGER list_version_links AFTER INSERT OR UPDATE OR DELETE ON collection_cards
    FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump();
