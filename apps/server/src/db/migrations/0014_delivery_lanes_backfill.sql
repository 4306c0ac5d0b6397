-- Custom migration (ADR 18): messages waiting when the dispatcher arrives.
-- A message being sent keeps its claim until the claim lapses.
UPDATE "outbox_messages" SET "next_attempt_at" = coalesce("locked_until", now()) WHERE "status" = 'sending';--> statement-breakpoint
-- Account e-mails still waiting go first.
UPDATE "outbox_messages" SET "priority" = 0 WHERE "status" in ('queued', 'sending') AND "template" in ('verify_email', 'password_reset', 'magic_link', 'corporate_login', 'registration_attempt');
