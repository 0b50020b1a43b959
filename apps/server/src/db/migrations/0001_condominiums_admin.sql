CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "condominiums_tag_code_key" ON "condominiums" USING btree ("tag_code");--> statement-breakpoint
-- ADM-08: CPF/CNPJ are kept as digits only, however they were typed before.
UPDATE "users" SET "cpf_cnpj" = regexp_replace("cpf_cnpj", '[^0-9]', '', 'g') WHERE "cpf_cnpj" ~ '[^0-9]';
