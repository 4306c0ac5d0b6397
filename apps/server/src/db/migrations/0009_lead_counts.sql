CREATE TABLE "lead_counts" (
	"agent_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_counts_agent_id_status_pk" PRIMARY KEY("agent_id","status")
);
--> statement-breakpoint
ALTER TABLE "lead_counts" ADD CONSTRAINT "lead_counts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;