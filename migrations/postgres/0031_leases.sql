-- The PostgreSQL twin of migrations/sqlite/0031_leases.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Named leases (core/src/fleet.rs): work that must run once across every instance sharing
-- this database, such as the periodic housekeeping, is done by whichever instance holds its
-- lease; a lease its holder stops renewing runs out, and another instance takes it over.
CREATE TABLE leases (
    name       TEXT COLLATE "C" PRIMARY KEY,
    holder     TEXT COLLATE "C" NOT NULL,
    expires_at TEXT COLLATE "C" NOT NULL
);
