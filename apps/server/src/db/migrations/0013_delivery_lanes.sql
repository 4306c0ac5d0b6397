ALTER TABLE "message_attempts" ADD COLUMN "provider_status" integer;--> statement-breakpoint
ALTER TABLE "message_attempts" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "priority" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox_messages" USING btree ("channel","priority","next_attempt_at") WHERE status in ('queued', 'sending');
