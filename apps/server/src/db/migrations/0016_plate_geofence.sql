ALTER TABLE "condominiums" ADD COLUMN "plate_latitude" double precision;--> statement-breakpoint
ALTER TABLE "condominiums" ADD COLUMN "plate_longitude" double precision;--> statement-breakpoint
ALTER TABLE "condominiums" ADD COLUMN "geofence_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "condominiums" ADD COLUMN "geofence_radius_m" integer DEFAULT 150 NOT NULL;