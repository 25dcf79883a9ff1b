CREATE TABLE "addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"city_id" integer,
	"address" text NOT NULL,
	"entrance" text,
	"floor" text,
	"flat" text,
	"intercom" text,
	"comment" text,
	"latitude" double precision,
	"longitude" double precision,
	"pickup_point_id" integer,
	"selected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_type" CHECK ("addresses"."type" IN ('courier', 'pickup')),
	CONSTRAINT "addresses_pickup_point" CHECK (("addresses"."type" = 'pickup') = ("addresses"."pickup_point_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "auth_flows" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_to" text NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_flows_purpose" CHECK ("auth_flows"."purpose" IN ('sign_in', 'import'))
);
--> statement-breakpoint
CREATE TABLE "bank_oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "bank_oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "profile_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"surname" text NOT NULL,
	"name" text NOT NULL,
	"patronymic" text,
	"phone" text NOT NULL,
	"email" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipients_phone_e164" CHECK ("recipients"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wishlist_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"visitor_id" text,
	"product_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_one_owner" CHECK (("wishlist_items"."user_id" IS NULL) <> ("wishlist_items"."visitor_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "viewed_products" DROP CONSTRAINT "viewed_products_visitor_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "viewed_products" ALTER COLUMN "visitor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recent_searches" ALTER COLUMN "visitor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery_type" text DEFAULT 'courier' NOT NULL;--> statement-breakpoint
ALTER TABLE "viewed_products" ADD COLUMN "id" bigint PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "viewed_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "viewed_products" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_flows" ADD CONSTRAINT "auth_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_imports" ADD CONSTRAINT "profile_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_selected_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."selected";--> statement-breakpoint
CREATE INDEX "auth_flows_expires_idx" ON "auth_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "bank_oidc_payloads_grant_idx" ON "bank_oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "bank_oidc_payloads_uid_idx" ON "bank_oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "bank_oidc_payloads_user_code_idx" ON "bank_oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "bank_oidc_payloads_expires_idx" ON "bank_oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_imports_user_idx" ON "profile_imports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profile_imports_expires_idx" ON "profile_imports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "recipients_user_idx" ON "recipients" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_one_default_idx" ON "recipients" USING btree ("user_id") WHERE "recipients"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_user_product_idx" ON "wishlist_items" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_visitor_product_idx" ON "wishlist_items" USING btree ("visitor_id","product_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_user_recent_idx" ON "wishlist_items" USING btree ("user_id","added_at");--> statement-breakpoint
CREATE INDEX "wishlist_items_visitor_recent_idx" ON "wishlist_items" USING btree ("visitor_id","added_at");--> statement-breakpoint
CREATE INDEX "wishlist_items_added_at_idx" ON "wishlist_items" USING btree ("added_at");--> statement-breakpoint
ALTER TABLE "viewed_products" ADD CONSTRAINT "viewed_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewed_products_visitor_product_idx" ON "viewed_products" USING btree ("visitor_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "viewed_products_user_product_idx" ON "viewed_products" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "viewed_products_user_recent_idx" ON "viewed_products" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recent_searches_user_query_idx" ON "recent_searches" USING btree ("user_id","query_key");--> statement-breakpoint
CREATE INDEX "recent_searches_user_recent_idx" ON "recent_searches" USING btree ("user_id","searched_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_delivery_type" CHECK ("users"."delivery_type" IN ('courier', 'pickup'));--> statement-breakpoint
ALTER TABLE "viewed_products" ADD CONSTRAINT "viewed_products_one_owner" CHECK (("viewed_products"."user_id" IS NULL) <> ("viewed_products"."visitor_id" IS NULL));--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_one_owner" CHECK (("recent_searches"."user_id" IS NULL) <> ("recent_searches"."visitor_id" IS NULL));