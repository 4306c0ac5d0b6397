ALTER TABLE "recipients" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "email_invited_at" timestamp with time zone;