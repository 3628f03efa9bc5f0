-- Today's per-country rates become rules for every region and category, the `*` country's
-- default included, so every cart is priced as before (docs/tax.md, "From tax rates to rules").
INSERT INTO "tax_rules" ("country", "region", "tax_category_id", "components")
SELECT "country", '*', NULL, jsonb_build_array(jsonb_build_object('name', "name", 'rateBasisPoints', "rate_basis_points"))
FROM "tax_rates";--> statement-breakpoint
DROP TABLE "tax_rates" CASCADE;
