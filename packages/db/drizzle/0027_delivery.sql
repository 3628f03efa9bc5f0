CREATE TABLE "delivery_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"postcode" text NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"deliverable" boolean NOT NULL,
	"cod" boolean NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_rules_days_check" CHECK ("delivery_rules"."min_days" >= 0 and "delivery_rules"."max_days" >= "delivery_rules"."min_days")
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"dispatch_days" integer DEFAULT 1 NOT NULL,
	"cutoff_hour" integer DEFAULT 14 NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_deliverable" boolean DEFAULT true NOT NULL,
	"default_cod" boolean DEFAULT true NOT NULL,
	"default_min_days" integer DEFAULT 2 NOT NULL,
	"default_max_days" integer DEFAULT 5 NOT NULL,
	"cod_enabled" boolean DEFAULT true NOT NULL,
	"cod_min_order_cents" integer,
	"cod_max_order_cents" integer,
	"cod_fee_cents" integer DEFAULT 0 NOT NULL,
	"cod_requires_verified_phone" boolean DEFAULT false NOT NULL,
	"cod_max_open_orders" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_single_row" CHECK ("delivery_settings"."id" = 1),
	CONSTRAINT "delivery_settings_dispatch_check" CHECK ("delivery_settings"."dispatch_days" between 0 and 60),
	CONSTRAINT "delivery_settings_cutoff_check" CHECK ("delivery_settings"."cutoff_hour" between 0 and 24),
	CONSTRAINT "delivery_settings_default_days_check" CHECK ("delivery_settings"."default_min_days" >= 0 and "delivery_settings"."default_max_days" >= "delivery_settings"."default_min_days"),
	CONSTRAINT "delivery_settings_cod_fee_check" CHECK ("delivery_settings"."cod_fee_cents" >= 0),
	CONSTRAINT "delivery_settings_cod_open_check" CHECK ("delivery_settings"."cod_max_open_orders" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ships_in_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_delivery" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_rules_postcode_key" ON "delivery_rules" USING btree ("postcode");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ships_in_days_check" CHECK ("products"."ships_in_days" between 0 and 365);