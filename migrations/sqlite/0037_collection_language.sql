-- The language a collection's cards speak, one of the player platform's (its cards'
-- metadata.languages): published cards carry it, and spoken tracks start with a voice of it.
-- Collections made before it existed speak English.
ALTER TABLE collections ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'en-gb', 'en-us', 'fr', 'fr-fr', 'es', 'es-es', 'es-419', 'de', 'it'));
