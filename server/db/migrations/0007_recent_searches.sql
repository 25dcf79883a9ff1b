CREATE TABLE "recent_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recent_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"visitor_id" text NOT NULL,
	"query" text NOT NULL,
	"query_key" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recent_searches_visitor_query_idx" ON "recent_searches" USING btree ("visitor_id","query_key");--> statement-breakpoint
CREATE INDEX "recent_searches_visitor_recent_idx" ON "recent_searches" USING btree ("visitor_id","searched_at");