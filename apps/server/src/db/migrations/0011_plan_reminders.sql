CREATE TABLE "plan_reminders" (
	"tag_code" char(8) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_reminders" ADD CONSTRAINT "plan_reminders_tag_code_tags_code_fk" FOREIGN KEY ("tag_code") REFERENCES "public"."tags"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_reminders_key" ON "plan_reminders" USING btree ("tag_code","due_at","kind");