ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_total" CHECK ("orders"."refunded_total" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" IN ('awaiting_payment', 'paid', 'assembling', 'in_delivery', 'ready_for_pickup', 'delivered', 'not_collected', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_amount" CHECK ("payments"."refunded_amount" BETWEEN 0 AND "payments"."amount");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('new', 'pending', 'confirmed', 'rejected', 'cancelled', 'returning', 'partially_refunded', 'refunded'));--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("order_id") WHERE "payments"."status" IN ('new', 'pending');