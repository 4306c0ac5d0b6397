-- Draws a new lead_versions stamp once per agent whose leads a statement changed (ADR 43): a
-- leads page written for a stamp stays right until the stamp changes. Agents in id order, so two
-- statements cannot deadlock; old and new agents both, so a lead moved between agents moves both.
CREATE FUNCTION lead_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_versions AS v (agent_id, stamp)
      SELECT agent_id, gen_random_uuid() FROM (SELECT DISTINCT agent_id FROM new_rows) changed
      WHERE agent_id IS NOT NULL ORDER BY agent_id
    ON CONFLICT (agent_id) DO UPDATE SET stamp = excluded.stamp;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_versions AS v (agent_id, stamp)
      SELECT agent_id, gen_random_uuid() FROM (SELECT DISTINCT agent_id FROM old_rows) changed
      WHERE agent_id IS NOT NULL ORDER BY agent_id
    ON CONFLICT (agent_id) DO UPDATE SET stamp = excluded.stamp;
  ELSE
    INSERT INTO lead_versions AS v (agent_id, stamp)
      SELECT agent_id, gen_random_uuid() FROM (
        SELECT agent_id FROM new_rows UNION SELECT agent_id FROM old_rows
      ) changed WHERE agent_id IS NOT NULL ORDER BY agent_id
    ON CONFLICT (agent_id) DO UPDATE SET stamp = excluded.stamp;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_version_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_versions_bump();
--> statement-breakpoint
CREATE TRIGGER leads_version_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_versions_bump();
--> statement-breakpoint
CREATE TRIGGER leads_version_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_versions_bump();
--> statement-breakpoint
CREATE FUNCTION lead_versions_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_versions SET stamp = gen_random_uuid();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_version_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_versions_bump_all();
--> statement-breakpoint
INSERT INTO lead_versions (agent_id)
  SELECT DISTINCT agent_id FROM leads WHERE agent_id IS NOT NULL
  ON CONFLICT (agent_id) DO NOTHING;
