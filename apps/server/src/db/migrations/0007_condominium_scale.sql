CREATE TABLE "unit_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "block" text;--> statement-breakpoint
ALTER TABLE "unit_invitations" ADD CONSTRAINT "unit_invitations_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_invitations" ADD CONSTRAINT "unit_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unit_invitations_unit_email_key" ON "unit_invitations" USING btree ("unit_id","email");--> statement-breakpoint
CREATE INDEX "unit_invitations_email_idx" ON "unit_invitations" USING btree ("email");