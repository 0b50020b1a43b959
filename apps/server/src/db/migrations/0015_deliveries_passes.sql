CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"company" text NOT NULL,
	"company_other" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collected_by" uuid,
	"collected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visitor_passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"created_by" uuid,
	"visitor_name" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "pass_id" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_passes" ADD CONSTRAINT "visitor_passes_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_passes" ADD CONSTRAINT "visitor_passes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_unit_idx" ON "deliveries" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_passes_token_hash_key" ON "visitor_passes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "visitor_passes_unit_idx" ON "visitor_passes" USING btree ("unit_id","valid_until");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_pass_id_visitor_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."visitor_passes"("id") ON DELETE set null ON UPDATE no action;