-- Migration 0023 drew agents.search_text anew (the brokerage joined it) by dropping the column and
-- adding it again, which dropped its trigram index with it: the console's agent search needs it back.
CREATE INDEX IF NOT EXISTS "agents_search_trgm" ON "agents" USING gin ("search_text" gin_trgm_ops);
