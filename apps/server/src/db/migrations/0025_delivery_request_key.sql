ALTER TABLE "deliveries" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_request_key_idx" ON "deliveries" USING btree ("unit_id","request_key");