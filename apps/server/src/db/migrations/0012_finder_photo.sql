CREATE TABLE "tag_photos" (
	"tag_code" char(8) PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"webp" bytea NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "show_owner_name" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "show_photo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "show_reward" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "show_city" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "lost_city" text;--> statement-breakpoint
ALTER TABLE "tag_photos" ADD CONSTRAINT "tag_photos_tag_code_tags_code_fk" FOREIGN KEY ("tag_code") REFERENCES "public"."tags"("code") ON DELETE cascade ON UPDATE no action;