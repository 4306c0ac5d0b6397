-- Ids ordered by the time they are made (UUID version 7, RFC 9562) for the tables that grow with
-- every lead: a new entry goes on the last pages of the primary key, not on any of them (ADR 69).
-- The first 48 bits are the Unix time in milliseconds, the version is 7 (0111) and the variant
-- stays the one gen_random_uuid() sets. Existing ids stay as they are.
CREATE FUNCTION portal_uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "call_events" ALTER COLUMN "id" SET DEFAULT portal_uuid_v7();--> statement-breakpoint
ALTER TABLE "lead_activities" ALTER COLUMN "id" SET DEFAULT portal_uuid_v7();--> statement-breakpoint
ALTER TABLE "lead_events" ALTER COLUMN "id" SET DEFAULT portal_uuid_v7();--> statement-breakpoint
ALTER TABLE "lead_offers" ALTER COLUMN "id" SET DEFAULT portal_uuid_v7();--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "id" SET DEFAULT portal_uuid_v7();--> statement-breakpoint
ALTER TABLE "message_attempts" ALTER COLUMN "id" SET DEFAULT portal_uuid_v7();--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "id" SET DEFAULT portal_uuid_v7();