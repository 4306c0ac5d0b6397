CREATE TABLE "retention_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"tokens" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"rate_limits" integer DEFAULT 0 NOT NULL,
	"message_bodies" integer DEFAULT 0 NOT NULL,
	"audit_rows" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "body_removed_at" timestamp with time zone;--> statement-breakpoint
-- The retention job's scan reads only the messages whose body it has not removed yet.
CREATE INDEX IF NOT EXISTS "outbox_body_kept_idx" ON "outbox_messages" USING btree ("created_at") WHERE body_removed_at is null and status in ('sent', 'failed');
