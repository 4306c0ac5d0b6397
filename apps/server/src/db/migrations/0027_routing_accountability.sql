CREATE TABLE "agent_scorecards" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"card" jsonb NOT NULL,
	"below_floors" text[] DEFAULT '{}'::text[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"outcome" text,
	"decided_at" timestamp with time zone,
	"decided_by_type" text,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "paused_until" date;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "monthly_lead_cap" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "own_monthly_lead_cap" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "reached_scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "reached_listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_scorecards" ADD CONSTRAINT "agent_scorecards_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_offers" ADD CONSTRAINT "lead_offers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_offers" ADD CONSTRAINT "lead_offers_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_offers_lead_idx" ON "lead_offers" USING btree ("lead_id","offered_at");--> statement-breakpoint
CREATE INDEX "lead_offers_agent_idx" ON "lead_offers" USING btree ("agent_id","offered_at");--> statement-breakpoint
CREATE INDEX "leads_offer_expires_idx" ON "leads" USING btree ("offer_expires_at") WHERE offer_expires_at is not null;--> statement-breakpoint
CREATE INDEX "leads_agent_assigned_idx" ON "leads" USING btree ("agent_id","assigned_at");--> statement-breakpoint
-- The leads already held were the agent's at once: reached and accepted when they arrived.
UPDATE "leads" SET "assigned_at" = "created_at", "accepted_at" = "created_at" WHERE "agent_id" IS NOT NULL;--> statement-breakpoint
-- How far each lead has gone: its first move to the stage (or one after it), else its stage now.
UPDATE "leads" l SET
  "reached_scheduled_at" = coalesce(
    (SELECT min(e.created_at) FROM lead_events e WHERE e.lead_id = l.id AND e.kind = 'stage_change'
      AND e.details->>'to' IN ('scheduled', 'valuation', 'listed', 'contract', 'closed')),
    CASE WHEN l.stage IN ('scheduled', 'valuation', 'listed', 'contract', 'closed') THEN l.updated_at END),
  "reached_listed_at" = coalesce(
    (SELECT min(e.created_at) FROM lead_events e WHERE e.lead_id = l.id AND e.kind = 'stage_change'
      AND e.details->>'to' IN ('listed', 'contract', 'closed')),
    CASE WHEN l.stage IN ('listed', 'contract', 'closed') THEN l.updated_at END)
WHERE l.stage IN ('scheduled', 'valuation', 'listed', 'contract', 'closed', 'lost', 'on_hold');
