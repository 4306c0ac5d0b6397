ALTER TABLE "message_attempts" ADD COLUMN "provider_status" integer;--> statement-breakpoint
ALTER TABLE "message_attempts" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "priority" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox_messages" USING btree ("channel","priority","next_attempt_at") WHERE status in ('queued', 'sending');--> statement-breakpoint
-- A message being sent when this runs keeps its claim until the claim lapses.
UPDATE "outbox_messages" SET "next_attempt_at" = coalesce("locked_until", now()) WHERE "status" = 'sending';--> statement-breakpoint
UPDATE "outbox_messages" SET "priority" = 0 WHERE "status" in ('queued', 'sending') AND "template" in ('verify_email', 'password_reset', 'magic_link', 'corporate_login', 'registration_attempt');
