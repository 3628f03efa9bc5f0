ALTER TABLE "carts" ADD COLUMN "credits_applied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Carts that already carry a gift card or points keep reading them.
UPDATE "carts" SET "credits_applied" = true WHERE "id" IN (SELECT "cart_id" FROM "cart_gift_cards" UNION SELECT "cart_id" FROM "cart_loyalty_points");
