ALTER TABLE "uploads" ADD COLUMN "purge_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purge_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_purge_idx" ON "uploads" USING btree ("purge_due_at") WHERE "uploads"."status" in ('deleted', 'rejected') and "uploads"."purged_at" is null;