CREATE TABLE "lead_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"outcome" text,
	"body" text DEFAULT '' NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_emails_sent" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"period" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_emails_sent_kind_subject_id_period_pk" PRIMARY KEY("kind","subject_id","period")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_action" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "hold_until" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_activities_lead_idx" ON "lead_activities" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_agent_queue_idx" ON "leads" USING btree ("agent_id","next_action_at","created_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "leads_hold_until_idx" ON "leads" USING btree ("hold_until") WHERE hold_until is not null;--> statement-breakpoint
-- Leads already delivered take the stage their status stands for; what the notes box held
-- becomes the first note of the lead's thread.
UPDATE "leads" SET "stage" = CASE "status" WHEN 'closed' THEN 'closed' WHEN 'archived' THEN 'lost' ELSE 'new' END,
  "opened_at" = CASE WHEN "status" = 'active' THEN NULL ELSE "updated_at" END;--> statement-breakpoint
INSERT INTO "lead_activities" ("lead_id", "kind", "body", "actor_type", "actor_id", "actor_name", "created_at")
SELECT l."id", 'note', l."notes", 'user', e."actor_id", coalesce(e."actor_name", l."source"), coalesce(e."created_at", l."created_at")
FROM "leads" l
LEFT JOIN LATERAL (
  SELECT "actor_id", "actor_name", "created_at" FROM "lead_events"
  WHERE "lead_id" = l."id" AND "kind" = 'note' ORDER BY "created_at" DESC LIMIT 1
) e ON true
WHERE l."notes" <> '';--> statement-breakpoint
UPDATE "leads" l SET "last_activity_at" = a."created_at"
FROM "lead_activities" a WHERE a."lead_id" = l."id";--> statement-breakpoint
-- The event stream (ADR 59): every new or changed lead rings a bell every server process hears
-- (LISTEN portal_leads), delivered when the transaction commits, and a new message wakes the
-- outbox dispatcher (LISTEN portal_outbox).
CREATE FUNCTION "portal_notify_lead"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_leads', json_build_object(
    'op', lower(TG_OP), 'id', NEW."id", 'agent_id', NEW."agent_id",
    'previous_agent_id', CASE WHEN TG_OP = 'UPDATE' AND OLD."agent_id" IS DISTINCT FROM NEW."agent_id" THEN OLD."agent_id" END
  )::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "leads_notify" AFTER INSERT OR UPDATE ON "leads" FOR EACH ROW EXECUTE FUNCTION "portal_notify_lead"();--> statement-breakpoint
CREATE FUNCTION "portal_notify_outbox"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_outbox', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "outbox_messages_notify" AFTER INSERT ON "outbox_messages" FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_outbox"();
