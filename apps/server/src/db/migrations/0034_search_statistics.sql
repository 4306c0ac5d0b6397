-- The lead searches' plan hangs on how many leads the planner expects a term to match: a common
-- surname is best found walking the newest leads until a page is full, a rare one through the
-- trigram index. With 100 histogram entries a term on one lead in a hundred can match none of
-- them and be taken for a rare one; a tenfold histogram sees terms ten times rarer. The column is
-- analyzed here, so the estimate holds from the first search after the upgrade.
ALTER TABLE "leads" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "leads" ("search_text");
