-- Named leases (core/src/fleet.rs): work that must run once across every instance sharing
-- this database, such as the periodic housekeeping, is done by whichever instance holds its
-- lease; a lease its holder stops renewing runs out, and another instance takes it over.
CREATE TABLE leases (
    name       TEXT PRIMARY KEY,
    holder     TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
