CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"agent_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"closing_date" date NOT NULL,
	"sale_price_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"paid_at" date,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"parties" jsonb NOT NULL,
	"reminders_sent" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "invoices_amounts_check" CHECK (amount_cents >= 0 and paid_cents >= 0 and paid_cents <= amount_cents)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"invoice_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text,
	"reference" text DEFAULT '' NOT NULL,
	"occurred_on" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recorded_by_id" uuid,
	"recorded_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK (amount_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "total_closings" SET DATA TYPE integer USING round("total_closings"::numeric);--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "total_gross_commission_earned" SET DATA TYPE numeric(14, 2) USING round("total_gross_commission_earned"::numeric, 2);--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "total_fees_paid" SET DATA TYPE numeric(14, 2) USING round("total_fees_paid"::numeric, 2);--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "total_ad_spend" SET DATA TYPE numeric(14, 2) USING round("total_ad_spend"::numeric, 2);--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "deposit_amount_paid" SET DATA TYPE numeric(14, 2) USING round("deposit_amount_paid"::numeric, 2);--> statement-breakpoint
ALTER TABLE "access_codes" ADD COLUMN "referral_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "referral_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "statement_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "statement_name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "statement_type" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "statement_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "statement_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "rate_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_key" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_lead_open_key" ON "invoices" USING btree ("lead_id") WHERE status <> 'void';--> statement-breakpoint
CREATE INDEX "invoices_agent_idx" ON "invoices" USING btree ("agent_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_on") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "ledger_entries_agent_idx" ON "ledger_entries" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice_idx" ON "ledger_entries" USING btree ("invoice_id") WHERE invoice_id is not null;--> statement-breakpoint
CREATE INDEX "leads_statement_missing_idx" ON "leads" USING btree ("closed_at") WHERE stage = 'closed' and statement_uploaded_at is null;--> statement-breakpoint
-- The ledger is appended to, never changed: a correction is an entry of its own (ADR 66).
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or removed: record a correcting entry instead';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
-- What the agents' records held before the ledger, carried over as its first entries, so the
-- totals computed from the ledger and the closed leads are the amounts stored, to the cent.
INSERT INTO "ledger_entries" ("agent_id", "kind", "amount_cents", "occurred_on", "notes", "details", "recorded_by")
SELECT a.id, 'opening', round(a.total_fees_paid * 100)::bigint, current_date,
  'Totals carried over from the agent record',
  jsonb_build_object(
    'closings', a.total_closings - coalesce(closed.count, 0),
    'gross_commission_cents', round(a.total_gross_commission_earned * 100)::bigint - coalesce(closed.cents, 0)
  ),
  'Carried over'
FROM "agents" a
LEFT JOIN (
  SELECT agent_id, count(*)::int AS count, coalesce(round(sum(gross_commission) * 100), 0)::bigint AS cents
  FROM "leads" WHERE stage = 'closed' AND agent_id IS NOT NULL GROUP BY agent_id
) closed ON closed.agent_id = a.id
WHERE a.total_fees_paid <> 0 OR a.total_closings <> coalesce(closed.count, 0)
  OR round(a.total_gross_commission_earned * 100)::bigint <> coalesce(closed.cents, 0);--> statement-breakpoint
INSERT INTO "ledger_entries" ("agent_id", "kind", "amount_cents", "occurred_on", "notes", "recorded_by")
SELECT id, 'deposit', round(deposit_amount_paid * 100)::bigint, current_date, 'Deposit carried over from the agent record', 'Carried over'
FROM "agents" WHERE deposit_amount_paid > 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("agent_id", "kind", "amount_cents", "occurred_on", "notes", "details", "recorded_by")
SELECT id, 'refund', greatest(round(coalesce((refund->>'amount')::numeric, 0) * 100), 0)::bigint, current_date,
  coalesce(refund->>'notes', ''), jsonb_build_object('refunded', coalesce((refund->>'refunded')::boolean, false)), 'Carried over'
FROM "agents"
WHERE coalesce((refund->>'refunded')::boolean, false) OR coalesce((refund->>'amount')::numeric, 0) > 0;--> statement-breakpoint
UPDATE "agents" SET "refund" = jsonb_build_object(
  'refunded', coalesce((refund->>'refunded')::boolean, false),
  'amount', round(coalesce((refund->>'amount')::numeric, 0), 2),
  'notes', coalesce(refund->>'notes', '')
) WHERE refund IS NOT NULL;
