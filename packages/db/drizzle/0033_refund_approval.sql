ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_amounts_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "awaiting_refund_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "to_store_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "requested_by_id" integer;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "decided_by_id" integer;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_awaiting_idx" ON "order_refunds" USING btree ("id") WHERE "order_refunds"."status" = 'awaiting_approval';--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_amounts_check" CHECK ("order_refunds"."amount_cents" > 0 and "order_refunds"."gateway_cents" >= 0 and "order_refunds"."gift_card_cents" >= 0 and "order_refunds"."loyalty_cents" >= 0 and "order_refunds"."uncollected_cents" >= 0 and "order_refunds"."store_credit_cents" >= 0 and ("order_refunds"."status" in ('awaiting_approval', 'declined') or "order_refunds"."amount_cents" = "order_refunds"."gateway_cents" + "order_refunds"."gift_card_cents" + "order_refunds"."loyalty_cents" + "order_refunds"."uncollected_cents" + "order_refunds"."store_credit_cents"));