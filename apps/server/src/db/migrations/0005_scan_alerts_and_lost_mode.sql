CREATE TABLE "scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag_code" char(8) NOT NULL,
	"lost" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"locality" text,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "scan_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "lost_message" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "lost_reward" text;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_tag_code_tags_code_fk" FOREIGN KEY ("tag_code") REFERENCES "public"."tags"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scans_tag_idx" ON "scans" USING btree ("tag_code","scanned_at");