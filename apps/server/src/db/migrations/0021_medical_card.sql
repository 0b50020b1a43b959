CREATE TABLE "tag_medical_cards" (
	"tag_code" char(8) PRIMARY KEY NOT NULL,
	"needs_care" boolean DEFAULT false NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"show_conditions" boolean DEFAULT false NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"show_allergies" boolean DEFAULT false NOT NULL,
	"medication" text DEFAULT '' NOT NULL,
	"show_medication" boolean DEFAULT false NOT NULL,
	"blood_type" text,
	"show_blood_type" boolean DEFAULT false NOT NULL,
	"health_plan" text DEFAULT '' NOT NULL,
	"show_health_plan" boolean DEFAULT false NOT NULL,
	"paramedic_note" text DEFAULT '' NOT NULL,
	"show_paramedic_note" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_medical_cards_blood_type_check" CHECK ("tag_medical_cards"."blood_type" is null or "tag_medical_cards"."blood_type" in ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'))
);
--> statement-breakpoint
ALTER TABLE "tag_medical_cards" ADD CONSTRAINT "tag_medical_cards_tag_code_tags_code_fk" FOREIGN KEY ("tag_code") REFERENCES "public"."tags"("code") ON DELETE cascade ON UPDATE no action;