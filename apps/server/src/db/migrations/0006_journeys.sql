CREATE TABLE "tag_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag_code" char(8) NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "callback_contact" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "kind" text DEFAULT 'call' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "lost_reward_cents" integer;--> statement-breakpoint
ALTER TABLE "tag_invitations" ADD CONSTRAINT "tag_invitations_tag_code_tags_code_fk" FOREIGN KEY ("tag_code") REFERENCES "public"."tags"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_invitations" ADD CONSTRAINT "tag_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tag_invitations_tag_email_key" ON "tag_invitations" USING btree ("tag_code","email");--> statement-breakpoint
CREATE INDEX "tag_invitations_email_idx" ON "tag_invitations" USING btree ("email");