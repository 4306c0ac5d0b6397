-- The week's stage changes in an index of their own: the scorecards look them up for the active
-- leads of each batch of agents; without it, each batch read every event of the network.
CREATE INDEX "lead_events_stage_changes_idx" ON "lead_events" USING btree ("created_at") WHERE kind in ('stage_change', 'reopened');
