CREATE TABLE "provider_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_slots" (
	"key" text NOT NULL,
	"slot" integer NOT NULL,
	"holder" text,
	"expires_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_slots_key_slot_pk" PRIMARY KEY("key","slot")
);
--> statement-breakpoint
CREATE TABLE "provider_usage" (
	"key" text NOT NULL,
	"second" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "provider_usage_key_second_pk" PRIMARY KEY("key","second")
);
