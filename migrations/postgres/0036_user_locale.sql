-- The language a person chose for the interface ('de', 'en', 'es', 'fr'); NULL follows the
-- browser's Accept-Language (server/src/locale.rs).
ALTER TABLE users ADD COLUMN locale TEXT COLLATE "C" CHECK (locale IN ('de', 'en', 'es', 'fr'));
