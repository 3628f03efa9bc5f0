ALTER TABLE "gateway_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "gateway_speed" text;--> statement-breakpoint
CREATE INDEX "gateway_orders_unpaid_created_idx" ON "gateway_orders" USING btree ("created_at") WHERE "gateway_orders"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "orders_gateway_order_idx" ON "orders" USING btree ("gateway_order_id") WHERE "orders"."gateway_order_id" is not null;--> statement-breakpoint
UPDATE "order_refunds" SET "attempt" = 1 WHERE "retry_of_id" IS NOT NULL;--> statement-breakpoint
UPDATE "gateway_orders" SET "paid_at" = "created_at" WHERE "paid_at" IS NULL AND EXISTS (SELECT 1 FROM "orders" WHERE "orders"."gateway_order_id" = "gateway_orders"."id");
