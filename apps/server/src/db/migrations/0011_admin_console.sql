CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
DROP INDEX "agents_status_idx";--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(agent || ' ' || agent_first_name || ' ' || agent_last_name || ' ' || agent_email || ' ' || agent_uri || ' ' || regexp_replace(agent_phone, '[^0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "agents_search_trgm" ON "agents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agents_created_idx" ON "agents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "agents_name_idx" ON "agents" USING btree (lower("agent_last_name"),"id");--> statement-breakpoint
CREATE INDEX "agents_email_idx" ON "agents" USING btree (lower("agent_email"),"id");--> statement-breakpoint
CREATE INDEX "agents_signup_status_idx" ON "agents" USING btree ("signup_status","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree (lower("actor_email"),"created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "leads_api_key_created_idx" ON "leads" USING btree ("api_key_id","created_at") WHERE api_key_id is not null;--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_to_trgm" ON "outbox_messages" USING gin (lower("to_address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agents_status_idx" ON "agents" USING btree ("agent_status","id");