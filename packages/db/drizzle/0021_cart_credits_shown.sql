ALTER TABLE "cart_gift_cards" ADD COLUMN "shown_cents" integer;--> statement-breakpoint
ALTER TABLE "cart_loyalty_points" ADD COLUMN "shown_points" integer;