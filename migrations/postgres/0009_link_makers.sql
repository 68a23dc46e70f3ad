-- The PostgreSQL twin of migrations/sqlite/0009_link_makers.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Who linked a card into another collection. Linking needs editor in the card's home, so
-- when that member loses editor there (removed, leaves, demoted) the links they made go too;
-- otherwise a removed member would keep the card (and could share it on). Links made before
-- this was recorded have no maker and stay. A deleted user's links go with them.
ALTER TABLE collection_cards ADD COLUMN linked_by TEXT COLLATE "C" REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX collection_cards_by_maker ON collection_cards (linked_by);
