CREATE TABLE "wishlist_alert_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wishlist_alert_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_alerts_sent" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "wishlist_alerts_sent_user_id_product_id_day_pk" PRIMARY KEY("user_id","product_id","day")
);
--> statement-breakpoint
ALTER TABLE "wishlist_alert_events" ADD CONSTRAINT "wishlist_alert_events_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_alerts_sent" ADD CONSTRAINT "wishlist_alerts_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_alerts_sent" ADD CONSTRAINT "wishlist_alerts_sent_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;