-- The lead searches in one GIN index with the agent's id first (btree_gin): an agent's search
-- starts from the agent, the console's reads the trigrams alone (ADR 68). It replaces the index of
-- the trigrams alone, so a new lead still writes one trigram index.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_agent_search_trgm" ON "leads" USING gin ("agent_id","search_text" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
DROP INDEX IF EXISTS "leads_search_trgm";
