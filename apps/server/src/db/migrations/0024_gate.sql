CREATE TABLE "gate_controllers" (
	"condominium_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"secret" text,
	"switch_id" smallint DEFAULT 0 NOT NULL,
	"open_seconds" smallint DEFAULT 5 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"excluded_unit_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gate_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"condominium_id" integer NOT NULL,
	"via" text NOT NULL,
	"user_id" uuid,
	"visitor_name" text,
	"unit_id" integer,
	"call_id" text,
	"pass_id" integer,
	"ok" boolean NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_passes" ADD COLUMN "can_open_gate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gate_controllers" ADD CONSTRAINT "gate_controllers_condominium_id_condominiums_id_fk" FOREIGN KEY ("condominium_id") REFERENCES "public"."condominiums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_openings" ADD CONSTRAINT "gate_openings_condominium_id_condominiums_id_fk" FOREIGN KEY ("condominium_id") REFERENCES "public"."condominiums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_openings" ADD CONSTRAINT "gate_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_openings" ADD CONSTRAINT "gate_openings_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_openings" ADD CONSTRAINT "gate_openings_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_openings" ADD CONSTRAINT "gate_openings_pass_id_visitor_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."visitor_passes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gate_openings_condominium_idx" ON "gate_openings" USING btree ("condominium_id","created_at");