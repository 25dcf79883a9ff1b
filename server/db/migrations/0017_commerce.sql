CREATE TABLE "acquirer_stand_in_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "acquirer_stand_in_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"terminal_key" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"success_url" text,
	"fail_url" text,
	"notification_url" text,
	"pan" text,
	"error_code" text DEFAULT '0' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basket_mutations" (
	"basket_id" bigint NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_mutations_basket_id_key_pk" PRIMARY KEY("basket_id","key")
);
--> statement-breakpoint
CREATE TABLE "bonus_accounts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_accounts_balance_nonnegative" CHECK ("bonus_accounts"."balance" >= 0),
	CONSTRAINT "bonus_accounts_pending_nonnegative" CHECK ("bonus_accounts"."pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bonus_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"operation_key" text NOT NULL,
	"kind" text NOT NULL,
	"bucket" text NOT NULL,
	"amount" integer NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_ledger_amount_nonzero" CHECK ("bonus_ledger"."amount" <> 0),
	CONSTRAINT "bonus_ledger_bucket" CHECK ("bonus_ledger"."bucket" IN ('available', 'pending'))
);
--> statement-breakpoint
CREATE TABLE "delivery_slots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"city_id" integer NOT NULL,
	"date" date NOT NULL,
	"starts_hour" smallint NOT NULL,
	"ends_hour" smallint NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slots_booked_range" CHECK ("delivery_slots"."booked" >= 0 AND "delivery_slots"."booked" <= "delivery_slots"."capacity"),
	CONSTRAINT "delivery_slots_hours" CHECK ("delivery_slots"."starts_hour" >= 0 AND "delivery_slots"."ends_hour" <= 24 AND "delivery_slots"."starts_hour" < "delivery_slots"."ends_hour")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"shipment_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"old_price" integer,
	"cashback_percent" smallint DEFAULT 0 NOT NULL,
	"cashback_points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_price_positive" CHECK ("order_lines"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"seller_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"delivery_total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"checkout_key" text NOT NULL,
	"basket_version" integer NOT NULL,
	"delivery_type" text NOT NULL,
	"city_id" integer NOT NULL,
	"address_id" bigint,
	"pickup_point_id" integer,
	"delivery" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"slot_id" bigint,
	"goods_total" integer NOT NULL,
	"discount_total" integer DEFAULT 0 NOT NULL,
	"delivery_total" integer DEFAULT 0 NOT NULL,
	"bonus_spent" integer DEFAULT 0 NOT NULL,
	"cashback_points" integer DEFAULT 0 NOT NULL,
	"to_pay" integer NOT NULL,
	"payment_deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "orders_status" CHECK ("orders"."status" IN ('awaiting_payment', 'paid', 'assembling', 'in_delivery', 'ready_for_pickup', 'delivered', 'cancelled')),
	CONSTRAINT "orders_delivery_type" CHECK ("orders"."delivery_type" IN ('courier', 'pickup')),
	CONSTRAINT "orders_money_nonnegative" CHECK ("orders"."goods_total" > 0 AND "orders"."discount_total" >= 0 AND "orders"."delivery_total" >= 0 AND "orders"."bonus_spent" >= 0 AND "orders"."cashback_points" >= 0 AND "orders"."to_pay" >= 0),
	CONSTRAINT "orders_to_pay" CHECK ("orders"."to_pay" = "orders"."goods_total" + "orders"."delivery_total" - "orders"."bonus_spent" * 100)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"external_id" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"acquirer_status" text,
	"payment_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_nonnegative" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('new', 'pending', 'confirmed', 'rejected', 'cancelled', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "warehouse_city_id" integer;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "cutoff_hour" smallint DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "basket_mutations" ADD CONSTRAINT "basket_mutations_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_accounts" ADD CONSTRAINT "bonus_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_ledger" ADD CONSTRAINT "bonus_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_ledger" ADD CONSTRAINT "bonus_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD CONSTRAINT "delivery_slots_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acquirer_stand_in_order_uq" ON "acquirer_stand_in_payments" USING btree ("terminal_key","order_id");--> statement-breakpoint
CREATE INDEX "basket_mutations_created_idx" ON "basket_mutations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_ledger_operation_uq" ON "bonus_ledger" USING btree ("operation_key");--> statement-breakpoint
CREATE INDEX "bonus_ledger_user_idx" ON "bonus_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slots_window_uq" ON "delivery_slots" USING btree ("city_id","date","starts_hour");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_product_uq" ON "order_lines" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_seller_uq" ON "order_shipments" USING btree ("order_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_key_uq" ON "orders" USING btree ("user_id","checkout_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_deadline_idx" ON "orders" USING btree ("payment_deadline") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_attempt_uq" ON "payments" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_external_uq" ON "payments" USING btree ("provider","external_id");--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_warehouse_city_id_cities_id_fk" FOREIGN KEY ("warehouse_city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_cutoff_hour" CHECK ("sellers"."cutoff_hour" BETWEEN 0 AND 23);