CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"agent_number" integer DEFAULT 0 NOT NULL,
	"supabase_id" text,
	"wp_id" integer,
	"agent" text DEFAULT '' NOT NULL,
	"agent_first_name" text DEFAULT '' NOT NULL,
	"agent_last_name" text DEFAULT '' NOT NULL,
	"agent_uri" text NOT NULL,
	"agent_email" text DEFAULT '' NOT NULL,
	"agent_phone" text DEFAULT '' NOT NULL,
	"brokerage" text DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text,
	"corporate_user_id" uuid,
	"corporate_user_name" text,
	"user_info" jsonb,
	"corporate_user_info" jsonb,
	"crm_email" text DEFAULT '' NOT NULL,
	"located_in" text DEFAULT '' NOT NULL,
	"airport" text DEFAULT '' NOT NULL,
	"location_confirmed" boolean DEFAULT false NOT NULL,
	"video_photo_address" text DEFAULT '' NOT NULL,
	"travel_notes" text DEFAULT '' NOT NULL,
	"mobile_device" text DEFAULT 'pending' NOT NULL,
	"timezone" text DEFAULT 'Pending' NOT NULL,
	"mailing_address" jsonb,
	"licensed_states" jsonb,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sms_test" text DEFAULT 'pending' NOT NULL,
	"email_test" text DEFAULT 'pending' NOT NULL,
	"has_real_estate_team" text DEFAULT 'no' NOT NULL,
	"real_estate_team_name" text DEFAULT '' NOT NULL,
	"brokerage_logo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"team_logo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_area_name" text DEFAULT '' NOT NULL,
	"counties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"states_serviced" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_cities" jsonb,
	"excluded_zips" text[] DEFAULT '{}'::text[] NOT NULL,
	"zipcodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"agent_headshots_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_other_photos" text DEFAULT 'no' NOT NULL,
	"other_photos_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_eo_certificate" text DEFAULT 'no' NOT NULL,
	"eo_certificate" text DEFAULT '' NOT NULL,
	"policy_exp_date" date,
	"videos_fsbo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos_others_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agent_image_cover_url" text DEFAULT '' NOT NULL,
	"agent_image_profile_url" text DEFAULT '' NOT NULL,
	"agent_image_coffee_url" text DEFAULT '' NOT NULL,
	"google" jsonb DEFAULT '{"lsa":"pending","ads":"pending","e_o_to_google":"pending","homesnap_or_other":"pending"}'::jsonb NOT NULL,
	"google_business_profile_name" text DEFAULT '' NOT NULL,
	"google_notes" text DEFAULT '' NOT NULL,
	"gbp_link" text DEFAULT '' NOT NULL,
	"google_sheet_id" text DEFAULT '' NOT NULL,
	"google_ads_date" date,
	"scripts_documents_confirm" boolean DEFAULT false NOT NULL,
	"dial_out_num" text DEFAULT '' NOT NULL,
	"dial_out_num_seller" text DEFAULT '' NOT NULL,
	"agent_tracking_phone_number" text DEFAULT '' NOT NULL,
	"additional_tracking_phone_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agent_call_notes" text DEFAULT '' NOT NULL,
	"total_closings" double precision DEFAULT 0 NOT NULL,
	"total_gross_commission_earned" double precision DEFAULT 0 NOT NULL,
	"total_fees_paid" double precision DEFAULT 0 NOT NULL,
	"total_ad_spend" double precision DEFAULT 0 NOT NULL,
	"deposit_amount_paid" double precision DEFAULT 0 NOT NULL,
	"refund" jsonb DEFAULT '{"refunded":false,"amount":0,"notes":""}'::jsonb NOT NULL,
	"onboarding_steps" jsonb DEFAULT '{"introduction":false,"my_team":false,"headshots":false,"additional_photos":false,"branding":false,"lead_routing":false,"service_area":false,"broker_of_record":false,"eo_insurance":false,"licenses_details":false,"video_introduction":false,"script_instructions":false,"videos_upload":false,"master_referral_agreement":false,"service_agreement":false}'::jsonb NOT NULL,
	"onboarding_completed_override" boolean DEFAULT false NOT NULL,
	"sign_up_date" timestamp with time zone,
	"onboarding_date" timestamp with time zone,
	"agent_status" text DEFAULT 'onboarding' NOT NULL,
	"signup_status" text DEFAULT 'zoom' NOT NULL,
	"fsbo" boolean DEFAULT true NOT NULL,
	"expired" boolean DEFAULT true NOT NULL,
	"divorced" boolean DEFAULT true NOT NULL,
	"recent_buyers" boolean DEFAULT true NOT NULL,
	"absentee" boolean DEFAULT true NOT NULL,
	"high_sell_score" boolean DEFAULT true NOT NULL,
	"old_expired" boolean DEFAULT true NOT NULL,
	"inherited" boolean DEFAULT true NOT NULL,
	"subagents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subagents_notes" text DEFAULT '' NOT NULL,
	"broker_of_record" jsonb,
	"ra_name" text DEFAULT '' NOT NULL,
	"ra_address" text DEFAULT '' NOT NULL,
	"master_document" jsonb,
	"service_document" jsonb,
	"service_document_areas" text DEFAULT '' NOT NULL,
	"access_code" text DEFAULT '' NOT NULL,
	"answer_rate" jsonb DEFAULT '{"total_leads":0,"missed_calls":0,"answered_calls":0}'::jsonb NOT NULL,
	"leads_count" jsonb DEFAULT '{"l_7":0,"l_14":0,"l_21":0,"l_30":0,"l_45":0,"l_60":0,"l_90":0,"total_leads":0,"update_date":null}'::jsonb NOT NULL,
	"can_see_portal_onboarding" boolean,
	"can_see_portal_zips" boolean,
	"can_see_portal_recipients" boolean,
	"last_rating_date" timestamp with time zone,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"average_rating" double precision,
	"latest_rating" double precision,
	"rating_trend" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_memberships" (
	"group_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"is_manager" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"corporate_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"corporate_user_id" uuid,
	"group_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text,
	"text_body" text NOT NULL,
	"html_body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"password_hash" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"is_team_member" boolean DEFAULT false NOT NULL,
	"is_agent" boolean DEFAULT false NOT NULL,
	"user_role" text DEFAULT 'agent' NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_corporate_user_id_users_id_fk" FOREIGN KEY ("corporate_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_corporate_user_id_users_id_fk" FOREIGN KEY ("corporate_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_corporate_user_id_users_id_fk" FOREIGN KEY ("corporate_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_session_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."session_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_families" ADD CONSTRAINT "session_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_user_key" ON "agents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_uri_key" ON "agents" USING btree ("agent_uri");--> statement-breakpoint
CREATE INDEX "agents_corporate_idx" ON "agents" USING btree ("corporate_user_id");--> statement-breakpoint
CREATE INDEX "agents_status_idx" ON "agents" USING btree ("agent_status");--> statement-breakpoint
CREATE INDEX "agents_zipcodes_gin" ON "agents" USING gin ("zipcodes");--> statement-breakpoint
CREATE UNIQUE INDEX "group_memberships_key" ON "group_memberships" USING btree ("group_id","agent_id");--> statement-breakpoint
CREATE INDEX "group_memberships_agent_idx" ON "group_memberships" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "ratings_agent_idx" ON "ratings" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "access_codes_code_key" ON "access_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "one_time_tokens_subject_idx" ON "one_time_tokens" USING btree ("type","subject");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "session_families_user_idx" ON "session_families" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("user_role");