CREATE TABLE "pix_receipts" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"charge_id" integer NOT NULL,
	"cents" integer NOT NULL,
	"outcome" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pix_receipts" ADD CONSTRAINT "pix_receipts_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_receipts_charge_idx" ON "pix_receipts" USING btree ("charge_id");--> statement-breakpoint
INSERT INTO "pix_receipts" ("end_to_end_id", "charge_id", "cents", "outcome", "source", "created_at")
SELECT "end_to_end_id", "id", coalesce("paid_cents", "amount_cents"), "status", coalesce("confirmed_by", 'webhook'), coalesce("paid_at", "created_at")
FROM "charges" WHERE "end_to_end_id" IS NOT NULL;
