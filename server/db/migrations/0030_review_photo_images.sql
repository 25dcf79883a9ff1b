-- Seeded review photos drawn by the image pipeline (ADR 069): served at /img/<id> at any width.
ALTER TABLE "review_photos" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE restrict ON UPDATE no action;
