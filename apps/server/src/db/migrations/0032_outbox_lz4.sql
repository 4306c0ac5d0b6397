-- The outbox's texts compressed with lz4 rather than pglz (ADR 70): a new lead's e-mail (about
-- 14 KB of HTML and 4 KB of text) is compressed inside the intake's transaction, in about a
-- quarter of pglz's time, to the same size. Only new values are written with it; a build of
-- PostgreSQL without lz4 (PGlite) keeps pglz.
DO $$
BEGIN
  ALTER TABLE outbox_messages ALTER COLUMN html_body SET COMPRESSION lz4,
    ALTER COLUMN text_body SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available: outbox bodies stay compressed with pglz';
END $$;
