ALTER TABLE "tags" ADD COLUMN "plan_interval" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "plan_due_at" timestamp with time zone;--> statement-breakpoint
-- FIN-02: every tag already claimed starts its plan with the default trial (30 days) from today.
UPDATE "tags" SET "plan_due_at" = now() + interval '30 days' WHERE "owner_id" IS NOT NULL AND "disabled_at" IS NULL;
