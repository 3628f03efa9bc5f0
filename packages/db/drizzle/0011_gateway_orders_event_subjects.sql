CREATE TABLE "gateway_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" integer,
	"user_id" integer,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"cart_version" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ALTER COLUMN "payload" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_orders_cart_idx" ON "gateway_orders" USING btree ("cart_id");--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_subject_key" UNIQUE("subject");
--> statement-breakpoint
-- The gateway orders issued before this table existed are the shop's too: those still on a
-- cart, and those a placed order was paid through.
INSERT INTO "gateway_orders" ("id", "cart_id", "user_id", "amount_cents", "currency", "cart_version")
SELECT "gateway_order_id", "id", "user_id", "gateway_amount_cents", "gateway_currency", "gateway_cart_version"
FROM "carts"
WHERE "gateway_order_id" IS NOT NULL AND "gateway_amount_cents" IS NOT NULL
  AND "gateway_currency" IS NOT NULL AND "gateway_cart_version" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "gateway_orders" ("id", "cart_id", "user_id", "amount_cents", "currency", "cart_version", "paid_at", "created_at")
SELECT "gateway_order_id", NULL, "user_id", "total_cents", "currency", 0, "created_at", "created_at"
FROM "orders"
WHERE "gateway_order_id" IS NOT NULL
ON CONFLICT DO NOTHING;
