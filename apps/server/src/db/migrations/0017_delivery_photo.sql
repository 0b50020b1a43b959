ALTER TABLE "deliveries" ADD COLUMN "photo_webp" "bytea";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "photo_token_hash" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "photo_token_expires_at" timestamp with time zone;