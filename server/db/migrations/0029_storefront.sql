CREATE TABLE "banners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"image_id" text NOT NULL,
	"theme" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_link" CHECK ("banners"."link" LIKE '/%' AND "banners"."link" NOT LIKE '//%'),
	CONSTRAINT "banners_dates" CHECK ("banners"."starts_at" IS NULL OR "banners"."ends_at" IS NULL OR "banners"."ends_at" > "banners"."starts_at"),
	CONSTRAINT "banners_title" CHECK (char_length("banners"."title") BETWEEN 1 AND 120),
	CONSTRAINT "banners_theme" CHECK ("banners"."theme" IS NULL OR "banners"."theme" IN ('alfa', 'halva'))
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"recipe" text,
	"storage" text,
	"storage_key" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_source" CHECK (("images"."source" = 'upload' AND "images"."storage_key" IS NOT NULL AND "images"."storage" IS NOT NULL) OR ("images"."source" = 'generated' AND "images"."recipe" IS NOT NULL)),
	CONSTRAINT "images_size" CHECK ("images"."width" > 0 AND "images"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"answer" text,
	"answered_as" text,
	"answered_by" bigint,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_questions_status" CHECK ("product_questions"."status" IN ('published', 'hidden')),
	CONSTRAINT "product_questions_text" CHECK (char_length("product_questions"."text") BETWEEN 1 AND 1000),
	CONSTRAINT "product_questions_answer" CHECK ("product_questions"."answer" IS NULL OR char_length("product_questions"."answer") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "stock_subscriptions" (
	"product_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "stock_subscriptions_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "placeholder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "installment_months" smallint;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_installment_months" CHECK ("installment_months" IS NULL OR "installment_months" BETWEEN 2 AND 24);--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_questions" ADD CONSTRAINT "product_questions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_questions" ADD CONSTRAINT "product_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_questions" ADD CONSTRAINT "product_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_subscriptions" ADD CONSTRAINT "stock_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_subscriptions" ADD CONSTRAINT "stock_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_position_idx" ON "banners" USING btree ("position");--> statement-breakpoint
CREATE INDEX "product_questions_product_idx" ON "product_questions" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "product_questions_user_idx" ON "product_questions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "product_questions_unanswered_idx" ON "product_questions" USING btree ("created_at") WHERE "product_questions"."answer" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_subscriptions_waiting_idx" ON "stock_subscriptions" USING btree ("product_id") WHERE "stock_subscriptions"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_subscriptions_user_idx" ON "stock_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model_code") WHERE "products"."model_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- The home page shows banners: a change drops the cached pages (banners change a few times a day).
CREATE TRIGGER banners_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_table_changed();
--> statement-breakpoint
-- A catalogue picture an operator uploads is an upload of its own purpose (ADR 061): kept by the same
-- storage and its sweep, attached to its image at once.
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_purpose";
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose" CHECK ("purpose" IN ('refund', 'support', 'review', 'catalog'));
