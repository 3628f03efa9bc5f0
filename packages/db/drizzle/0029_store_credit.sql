ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_amounts_check";--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "owner_user_id" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "code_sealed" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "store_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_cards_owner_idx" ON "gift_cards" USING btree ("owner_user_id","id") WHERE "gift_cards"."owner_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_refund_key" ON "gift_cards" USING btree ("refund_id") WHERE "gift_cards"."refund_id" is not null;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_amounts_check" CHECK ("order_refunds"."amount_cents" > 0 and "order_refunds"."gateway_cents" >= 0 and "order_refunds"."gift_card_cents" >= 0 and "order_refunds"."loyalty_cents" >= 0 and "order_refunds"."uncollected_cents" >= 0 and "order_refunds"."store_credit_cents" >= 0 and "order_refunds"."amount_cents" = "order_refunds"."gateway_cents" + "order_refunds"."gift_card_cents" + "order_refunds"."loyalty_cents" + "order_refunds"."uncollected_cents" + "order_refunds"."store_credit_cents");