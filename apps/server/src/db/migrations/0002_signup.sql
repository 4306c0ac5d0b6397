CREATE TABLE "onboarding_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "onboarding_calls" ADD CONSTRAINT "onboarding_calls_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_calls_agent_idx" ON "onboarding_calls" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_calls_slot_key" ON "onboarding_calls" USING btree ("starts_at") WHERE status = 'booked';