CREATE TABLE "catalog_change_feed" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" text DEFAULT md5(random()::text || clock_timestamp()::text) NOT NULL,
	"compacted_tx" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"compacted_id" bigint DEFAULT 0 NOT NULL,
	"compacted_at" timestamp with time zone,
	CONSTRAINT "catalog_change_feed_single_row" CHECK ("catalog_change_feed"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "catalog_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_position_idx" ON "catalog_changes" USING btree ("tx","id");