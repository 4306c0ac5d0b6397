CREATE TABLE "signature_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_id" uuid,
	"kind" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_request_id" text NOT NULL,
	"provider_document_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"original_key" text NOT NULL,
	"original_sha256" text NOT NULL,
	"final_key" text,
	"final_sha256" text,
	"broker_email_sent_at" timestamp with time zone,
	"last_broker_email_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"signing_order" integer NOT NULL,
	"provider_sign_url" text,
	"link_nonce" text,
	"link_expires_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signature" jsonb,
	"signed_ip" text,
	"signed_user_agent" text,
	"first_viewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_signer_id_signature_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signature_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_events_request_idx" ON "signature_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "signature_requests_agent_idx" ON "signature_requests" USING btree ("agent_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_one_pending_key" ON "signature_requests" USING btree ("agent_id","kind") WHERE "signature_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_provider_document_key" ON "signature_requests" USING btree ("provider","provider_document_id");--> statement-breakpoint
CREATE INDEX "signature_requests_final_sha_idx" ON "signature_requests" USING btree ("final_sha256");--> statement-breakpoint
CREATE INDEX "signature_requests_original_sha_idx" ON "signature_requests" USING btree ("original_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_order_key" ON "signature_signers" USING btree ("request_id","signing_order");