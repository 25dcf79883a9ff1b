CREATE TABLE "support_appeals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"category" text NOT NULL,
	"order_id" bigint,
	"full_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_to" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_appeals_status" CHECK ("support_appeals"."status" IN ('open', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "support_message_photos" (
	"message_id" bigint NOT NULL,
	"upload_id" text NOT NULL,
	CONSTRAINT "support_message_photos_message_id_upload_id_pk" PRIMARY KEY("message_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"appeal_id" bigint NOT NULL,
	"author_kind" text NOT NULL,
	"author_user_id" bigint,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "support_messages_author" CHECK ("support_messages"."author_kind" IN ('shopper', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"storage" text NOT NULL,
	"storage_key" text NOT NULL,
	"attached_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_purpose" CHECK ("uploads"."purpose" IN ('refund', 'support', 'review')),
	CONSTRAINT "uploads_size" CHECK ("uploads"."width" > 0 AND "uploads"."height" > 0 AND "uploads"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "support_appeals" ADD CONSTRAINT "support_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_appeals" ADD CONSTRAINT "support_appeals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_appeals" ADD CONSTRAINT "support_appeals_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_message_photos" ADD CONSTRAINT "support_message_photos_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_message_photos" ADD CONSTRAINT "support_message_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_appeal_id_support_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."support_appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_appeals_user_idx" ON "support_appeals" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "support_appeals_queue_idx" ON "support_appeals" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "support_messages_appeal_idx" ON "support_messages" USING btree ("appeal_id","id");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached_to" IS NULL;