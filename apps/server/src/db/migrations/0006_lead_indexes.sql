DROP INDEX "agents_zipcodes_gin";--> statement-breakpoint
DROP INDEX "leads_agent_status_created_idx";--> statement-breakpoint
DROP INDEX "leads_agent_created_idx";--> statement-breakpoint
CREATE INDEX "agents_zipcodes_gin" ON "agents" USING gin ("zipcodes") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "leads_agent_status_created_idx" ON "leads" USING btree ("agent_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_agent_created_idx" ON "leads" USING btree ("agent_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);