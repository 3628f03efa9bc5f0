CREATE TABLE "staff_invites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"mail_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invites_mail_job_id_unique" UNIQUE("mail_job_id")
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"preset" text,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refund_limit_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role_id" integer;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invites_user_id_idx" ON "staff_invites" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_name_lower_key" ON "staff_roles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_preset_key" ON "staff_roles" USING btree ("preset") WHERE "staff_roles"."preset" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_id_staff_roles_id_fk" FOREIGN KEY ("staff_role_id") REFERENCES "public"."staff_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The preset roles (issue 41, docs/admin-panel.md "Roles"): editable rows, not code. Amounts in cents.
INSERT INTO "staff_roles" ("name", "preset", "permissions", "refund_limit_cents") VALUES
	('Owner', 'owner', '["orders:read","orders:fulfil","orders:cancel","refunds:issue","returns:manage","products:read","products:write","customers:read","customers:write","marketing:write","settings:write","staff:manage","audit:read","ai:use","jobs:manage"]'::jsonb, NULL),
	('Manager', 'manager', '["orders:read","orders:fulfil","orders:cancel","refunds:issue","returns:manage","products:read","products:write","customers:read","customers:write","marketing:write","settings:write","audit:read","ai:use","jobs:manage"]'::jsonb, NULL),
	('Support', 'support', '["orders:read","orders:cancel","refunds:issue","returns:manage","customers:read"]'::jsonb, 200000),
	('Warehouse', 'warehouse', '["orders:read","orders:fulfil","returns:manage"]'::jsonb, 0),
	('Catalogue', 'catalogue', '["products:read","products:write"]'::jsonb, 0),
	('Marketing', 'marketing', '["products:read","marketing:write"]'::jsonb, 0),
	('Accountant', 'accountant', '["orders:read","products:read","customers:read","audit:read"]'::jsonb, 0);
--> statement-breakpoint
-- Every admin until now could do everything: they become Owners.
UPDATE "users" SET "staff_role_id" = (SELECT "id" FROM "staff_roles" WHERE "preset" = 'owner') WHERE "role" = 'admin';
