-- The intake's writes, kept fast between two vacuums (ADR 48).
-- A short pending list for the trigram indexes the intake writes with every lead: a GIN index
-- keeps new entries in a list until it holds gin_pending_list_limit (4 MB by default), and the
-- insert that finds it full merges it into the index; that insert took 40-50 ms. 256 kB: the
-- same work in smaller pieces. ALTER INDEX changes only the setting (no rebuild).
ALTER INDEX "leads_search_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "outbox_to_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
-- Room on each page of agents for the next version of its rows: every lead rewrites its agent's
-- row (statistics), and an update that finds no room on the row's page writes the new version
-- elsewhere and adds it to every index, the ZIP index's 40 or so entries included; routing then
-- reads every old version until a vacuum (a quarter of the updates, in bench/leads.ts). With half
-- of each page free they stay on their page (heap-only), which also prunes the old versions.
-- Pages written from now on; rows move to them as they are updated.
ALTER TABLE "agents" SET (fillfactor = 50);
