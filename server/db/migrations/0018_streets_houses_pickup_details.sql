CREATE TABLE "houses" (
	"id" serial PRIMARY KEY NOT NULL,
	"street_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"number" text NOT NULL,
	"block" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streets" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"type" text NOT NULL,
	"type_full" text NOT NULL,
	"name" text NOT NULL,
	"with_type" text NOT NULL,
	"search" text NOT NULL,
	"postal_code" text NOT NULL,
	"start_latitude" double precision NOT NULL,
	"start_longitude" double precision NOT NULL,
	"end_latitude" double precision NOT NULL,
	"end_longitude" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "delivery_radius_km" real DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "kind" text DEFAULT 'point' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "schedule" jsonb DEFAULT '[{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"},{"opens":"10:00","closes":"21:00"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "schedule_exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "storage_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "fitting_room" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "card_payment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "cash_payment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "weight_limit_kg" real DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "how_to_find" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "house_id" integer;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_street_id_streets_id_fk" FOREIGN KEY ("street_id") REFERENCES "public"."streets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streets" ADD CONSTRAINT "streets_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "houses_street_number_uq" ON "houses" USING btree ("street_id","number","block");--> statement-breakpoint
CREATE INDEX "houses_position_idx" ON "houses" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "houses_city_idx" ON "houses" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "streets_city_name_uq" ON "streets" USING btree ("city_id","with_type");--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_delivery_radius_positive" CHECK ("cities"."delivery_radius_km" > 0);--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_kind" CHECK ("pickup_points"."kind" IN ('point', 'parcel_locker'));--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_storage_days" CHECK ("pickup_points"."storage_days" BETWEEN 1 AND 60);