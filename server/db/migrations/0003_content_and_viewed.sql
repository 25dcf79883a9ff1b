CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewed_products" (
	"visitor_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewed_products_visitor_id_product_id_pk" PRIMARY KEY("visitor_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "viewed_products" ADD CONSTRAINT "viewed_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewed_products_recent_idx" ON "viewed_products" USING btree ("visitor_id","viewed_at");