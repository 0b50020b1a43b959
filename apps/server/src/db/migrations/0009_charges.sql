CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"user_id" uuid,
	"tag_codes" text[] NOT NULL,
	"period_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"br_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_cents" integer,
	"end_to_end_id" text,
	"confirmed_by" text
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_txid_key" ON "charges" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_end_to_end_key" ON "charges" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "charges_user_idx" ON "charges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "charges_period_idx" ON "charges" USING btree ("period_key");