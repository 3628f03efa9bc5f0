CREATE TABLE "credit_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"tax_lines" jsonb NOT NULL,
	"taxable_value_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "tax_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"hsn_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" text NOT NULL,
	"region" text DEFAULT '*' NOT NULL,
	"tax_category_id" integer,
	"components" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_id" text,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"shipping_taxable" boolean DEFAULT false NOT NULL,
	"invoice_prefix" text DEFAULT 'INV/' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN/' NOT NULL,
	"financial_year_start_month" integer DEFAULT 4 NOT NULL,
	"invoice_at" text DEFAULT 'paid_or_shipped' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_single_row" CHECK ("tax_settings"."id" = 1),
	CONSTRAINT "tax_settings_year_start_check" CHECK ("tax_settings"."financial_year_start_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_category_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_value_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_lines" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_category" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_date" date;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rules" ADD CONSTRAINT "tax_rules_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_categories_code_key" ON "tax_categories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rules_key" ON "tax_rules" USING btree ("country","region",coalesce("tax_category_id", 0));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number") WHERE "orders"."invoice_number" is not null;