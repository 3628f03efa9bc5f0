ALTER TABLE "payment_links" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "closed_as" text;--> statement-breakpoint
CREATE INDEX "payment_links_open_idx" ON "payment_links" USING btree ("created_at") WHERE "payment_links"."paid_at" is null and "payment_links"."closed_at" is null;