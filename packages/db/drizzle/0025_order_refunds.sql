CREATE TABLE "order_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"gateway_cents" integer DEFAULT 0 NOT NULL,
	"gift_card_cents" integer DEFAULT 0 NOT NULL,
	"loyalty_cents" integer DEFAULT 0 NOT NULL,
	"uncollected_cents" integer DEFAULT 0 NOT NULL,
	"loyalty_points" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"kind" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"receipt" text NOT NULL,
	"gateway_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"retry_of_id" integer,
	"credit_note_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amounts_check" CHECK ("order_refunds"."amount_cents" > 0 and "order_refunds"."gateway_cents" >= 0 and "order_refunds"."gift_card_cents" >= 0 and "order_refunds"."loyalty_cents" >= 0 and "order_refunds"."uncollected_cents" >= 0 and "order_refunds"."amount_cents" = "order_refunds"."gateway_cents" + "order_refunds"."gift_card_cents" + "order_refunds"."loyalty_cents" + "order_refunds"."uncollected_cents")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "canceled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "canceled_due_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_retry_of_id_order_refunds_id_fk" FOREIGN KEY ("retry_of_id") REFERENCES "public"."order_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_receipt_key" ON "order_refunds" USING btree ("receipt");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_gateway_refund_key" ON "order_refunds" USING btree ("gateway_refund_id") WHERE "order_refunds"."gateway_refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_retry_of_key" ON "order_refunds" USING btree ("retry_of_id") WHERE "order_refunds"."retry_of_id" is not null;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_reversed_quantity_check" CHECK ("order_items"."canceled_quantity" >= 0 and "order_items"."returned_quantity" >= 0 and "order_items"."canceled_quantity" + "order_items"."returned_quantity" <= "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" + "orders"."canceled_due_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_canceled_due_check" CHECK ("orders"."canceled_due_cents" >= 0);--> statement-breakpoint
-- Orders cancelled before the ledger: every unit cancelled, and what each cancel gave back (or,
-- unpaid, no longer collects) as one 'cancel' row, so the ledger accounts for every order.
UPDATE "order_items" SET "canceled_quantity" = "quantity"
WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "status" = 'canceled');--> statement-breakpoint
INSERT INTO "order_refunds" ("order_id", "amount_cents", "gateway_cents", "gift_card_cents", "loyalty_cents", "uncollected_cents", "loyalty_points", "reason", "kind", "receipt", "gateway_refund_id", "status", "created_at", "settled_at")
SELECT "id", "total_cents",
  CASE WHEN "payment_status" = 'pending' THEN 0 ELSE greatest(0, "total_cents" - "gift_card_cents" - "loyalty_cents") END,
  "gift_card_cents", "loyalty_cents",
  CASE WHEN "payment_status" = 'pending' THEN greatest(0, "total_cents" - "gift_card_cents" - "loyalty_cents") ELSE 0 END,
  "loyalty_points", coalesce("cancel_reason", 'Order cancelled.'), 'cancel', 'legacy-' || "id",
  "refund_reference",
  CASE WHEN "payment_status" = 'refund_pending' THEN 'pending' ELSE 'processed' END,
  "updated_at",
  CASE WHEN "payment_status" = 'refund_pending' THEN NULL ELSE "updated_at" END
FROM "orders"
WHERE "status" = 'canceled' AND "total_cents" > 0
  AND "payment_status" IN ('pending', 'refund_pending', 'refunded');--> statement-breakpoint
UPDATE "orders" SET "refunded_cents" = r."amount_cents" - r."uncollected_cents",
  "canceled_due_cents" = r."uncollected_cents"
FROM "order_refunds" r WHERE r."order_id" = "orders"."id";
