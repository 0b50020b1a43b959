ALTER TABLE "calls" ADD COLUMN "next_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "quiet_hours" jsonb;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "ring_order_seconds" smallint;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "quiet_hours" jsonb;