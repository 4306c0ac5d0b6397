CREATE TABLE "lead_versions" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"stamp" uuid DEFAULT gen_random_uuid() NOT NULL
);
