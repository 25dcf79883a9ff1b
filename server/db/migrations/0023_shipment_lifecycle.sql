CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"shipment_id" bigint,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" bigint,
	"actor_kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "status" text DEFAULT 'awaiting_payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "storage_until" date;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_shipments_waiting_idx" ON "order_shipments" USING btree ("storage_until") WHERE "order_shipments"."status" = 'ready_for_pickup';--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_status" CHECK ("order_shipments"."status" IN ('awaiting_payment', 'paid', 'assembling', 'in_delivery', 'ready_for_pickup', 'delivered', 'not_collected', 'cancelled'));--> statement-breakpoint
-- Shipments placed before they had a status take their order's.
UPDATE "order_shipments" s SET "status" = o."status" FROM "orders" o WHERE o."id" = s."order_id";
