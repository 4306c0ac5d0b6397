ALTER TABLE "agents" ADD COLUMN "record_stamp" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- agents.record_stamp is drawn anew with every change to what an agent record is read from (ADR
-- 22): the agent's row (before it is written, so with the same write), its group memberships, the
-- groups it belongs to and its corporate user. GET /portal/me keeps a record written for a stamp
-- and reads only the stamp while nothing changed, instead of hashing all of it on every request.
-- Agents are locked in id order and FOR NO KEY UPDATE, which the foreign-key checks of a lead's
-- insert (KEY SHARE) do not wait for; the intake locks the agents it counts in id order too.
CREATE FUNCTION agents_record_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.record_stamp := gen_random_uuid();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER agents_record_stamp BEFORE UPDATE ON agents
  FOR EACH ROW EXECUTE FUNCTION agents_record_stamp();
--> statement-breakpoint
CREATE FUNCTION agent_record_stamp_bump(agent_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM agents WHERE id = ANY (agent_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE agents SET record_stamp = gen_random_uuid() WHERE id = ANY (agent_ids);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION agent_record_stamp_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM agent_record_stamp_bump(ARRAY(SELECT DISTINCT agent_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM agent_record_stamp_bump(ARRAY(SELECT DISTINCT agent_id FROM old_rows));
  ELSE
    PERFORM agent_record_stamp_bump(
      ARRAY(SELECT agent_id FROM new_rows UNION SELECT agent_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER group_memberships_record_stamp_insert AFTER INSERT ON group_memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_record_stamp_memberships();
--> statement-breakpoint
CREATE TRIGGER group_memberships_record_stamp_update AFTER UPDATE ON group_memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agent_record_stamp_memberships();
--> statement-breakpoint
CREATE TRIGGER group_memberships_record_stamp_delete AFTER DELETE ON group_memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_record_stamp_memberships();
--> statement-breakpoint
-- A group's name is in its members' records; its deletion deletes the memberships (their trigger).
-- The groups are locked FOR UPDATE first: a membership added meanwhile (its foreign-key check
-- takes KEY SHARE on the group) then waits for this transaction to end, or this waits for it and
-- sees it, so no member can keep a stamp drawn before the group's change was committed.
CREATE FUNCTION agent_record_stamp_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM groups WHERE id IN (SELECT id FROM new_rows) ORDER BY id FOR UPDATE;
  PERFORM agent_record_stamp_bump(ARRAY(
    SELECT DISTINCT m.agent_id FROM group_memberships m JOIN new_rows g ON g.id = m.group_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER groups_record_stamp_update AFTER UPDATE ON groups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_record_stamp_groups();
--> statement-breakpoint
-- The corporate user's own fields are in its agents' records (corporate_affiliation); only a
-- change to one of those draws new stamps, not a sign-in or a new password. The users changed are
-- locked FOR UPDATE first, for the reason given for groups (an agent linked to one meanwhile).
CREATE FUNCTION agent_record_stamp_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  changed := ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.email, n.name, n.is_active, n.is_verified, n.user_role, n.preferences)
      IS DISTINCT FROM (o.email, o.name, o.is_active, o.is_verified, o.user_role, o.preferences));
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id = ANY (changed) ORDER BY id FOR UPDATE;
  PERFORM agent_record_stamp_bump(ARRAY(SELECT a.id FROM agents a WHERE a.corporate_user_id = ANY (changed)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_record_stamp_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agent_record_stamp_users();
--> statement-breakpoint
CREATE FUNCTION agent_record_stamp_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE agents SET record_stamp = gen_random_uuid();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER group_memberships_record_stamp_truncate AFTER TRUNCATE ON group_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION agent_record_stamp_all();
