-- Keeps lead_counts (agent, status, n) in step with leads, one aggregated change per statement
-- (ADR 16). Rows are changed in (agent, status) order so two statements cannot deadlock, and only
-- for agents that still exist (an agent being deleted sets its leads' agent to null).
CREATE FUNCTION lead_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_counts AS c (agent_id, status, n)
      SELECT agent_id, status, count(*)::int FROM new_rows
      WHERE agent_id IS NOT NULL AND EXISTS (SELECT 1 FROM agents a WHERE a.id = new_rows.agent_id)
      GROUP BY agent_id, status ORDER BY agent_id, status
    ON CONFLICT (agent_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_counts AS c (agent_id, status, n)
      SELECT agent_id, status, -count(*)::int FROM old_rows
      WHERE agent_id IS NOT NULL AND EXISTS (SELECT 1 FROM agents a WHERE a.id = old_rows.agent_id)
      GROUP BY agent_id, status ORDER BY agent_id, status
    ON CONFLICT (agent_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO lead_counts AS c (agent_id, status, n)
      SELECT agent_id, status, sum(d)::int FROM (
        SELECT agent_id, status, 1 AS d FROM new_rows
        UNION ALL
        SELECT agent_id, status, -1 AS d FROM old_rows
      ) changes
      WHERE agent_id IS NOT NULL AND EXISTS (SELECT 1 FROM agents a WHERE a.id = changes.agent_id)
      GROUP BY agent_id, status HAVING sum(d) <> 0 ORDER BY agent_id, status
    ON CONFLICT (agent_id, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_counts_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_apply();
--> statement-breakpoint
CREATE TRIGGER leads_counts_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_apply();
--> statement-breakpoint
CREATE TRIGGER leads_counts_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_apply();
--> statement-breakpoint
INSERT INTO lead_counts (agent_id, status, n)
  SELECT agent_id, status, count(*)::int FROM leads WHERE agent_id IS NOT NULL GROUP BY agent_id, status
  ON CONFLICT (agent_id, status) DO UPDATE SET n = excluded.n;
