-- The catalogue change feed (issue 29): every write that changes what a public catalogue read
-- answers records the rows it touched in catalog_changes, in the writer's own transaction.
-- Triggers rather than application calls so no code path (admin, orders, reviews, seeds) can
-- forget one. Statement-level with transition tables: a bulk insert of 100k products costs one
-- INSERT ... SELECT, not 100k trigger calls. TRUNCATE records nothing (tests only).
INSERT INTO "catalog_change_feed" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION catalog_changes_add(p_entity text, p_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_changes (entity, entity_id)
  SELECT DISTINCT p_entity, x FROM unnest(p_ids) AS x WHERE x IS NOT NULL;
$$;
--> statement-breakpoint
-- Categories count their active products with subcategories': a change reaches every ancestor.
CREATE FUNCTION catalog_changes_add_categories(p_ids int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_changes (entity, entity_id)
  WITH RECURSIVE up AS (
    SELECT id, parent_id FROM categories WHERE id = ANY(p_ids)
    UNION
    SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id
  )
  SELECT 'category', id::text FROM up;
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_changes_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_changes_add('product', ARRAY(SELECT id::text FROM old_rows));
  ELSE
    PERFORM catalog_changes_add('product', ARRAY(SELECT id::text FROM new_rows));
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Shown or hidden: the categories' counts change.
    PERFORM catalog_changes_add_categories(ARRAY(
      SELECT pc.category_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN product_categories pc ON pc.product_id = n.id
      WHERE n.active IS DISTINCT FROM o.active));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows of a product's detail (images, variants, attribute links, reviews) name their product.
CREATE FUNCTION catalog_changes_product_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM catalog_changes_add('product', ARRAY(SELECT product_id::text FROM old_rows));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM catalog_changes_add('product', ARRAY(SELECT product_id::text FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_changes_product_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM catalog_changes_add('product', ARRAY(SELECT product_id::text FROM old_rows));
    PERFORM catalog_changes_add_categories(ARRAY(SELECT category_id FROM old_rows));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM catalog_changes_add('product', ARRAY(SELECT product_id::text FROM new_rows));
    PERFORM catalog_changes_add_categories(ARRAY(SELECT category_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_changes_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM catalog_changes_add('category', ARRAY(SELECT id::text FROM old_rows));
    -- A moved or removed subtree changes its old ancestors' counts.
    PERFORM catalog_changes_add_categories(ARRAY(SELECT parent_id FROM old_rows));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM catalog_changes_add_categories(ARRAY(
      SELECT id FROM new_rows UNION SELECT parent_id FROM new_rows));
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Product details list their categories' names and slugs.
    PERFORM catalog_changes_add('product', ARRAY(
      SELECT DISTINCT pc.product_id::text FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN product_categories pc ON pc.category_id = n.id
      WHERE (n.name, n.slug) IS DISTINCT FROM (o.name, o.slug)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Renamed attributes and values change the details of the products carrying them.
CREATE FUNCTION catalog_changes_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_changes_add('product', ARRAY(
    SELECT DISTINCT pav.product_id::text FROM new_rows n
    JOIN attribute_values av ON av.attribute_id = n.id
    JOIN product_attribute_values pav ON pav.attribute_value_id = av.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_changes_attribute_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_changes_add('product', ARRAY(
    SELECT DISTINCT pav.product_id::text FROM new_rows n
    JOIN product_attribute_values pav ON pav.attribute_value_id = n.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A renamed customer changes the name on their reviews in product details.
CREATE FUNCTION catalog_changes_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_changes_add('product', ARRAY(
    SELECT DISTINCT r.product_id::text FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN reviews r ON r.user_id = n.id
    WHERE n.name IS DISTINCT FROM o.name));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_changes_banners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_changes_add('banner', ARRAY(SELECT id::text FROM old_rows));
  ELSE
    PERFORM catalog_changes_add('banner', ARRAY(SELECT id::text FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_changes_shipping_methods() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_changes_add('shipping_method', ARRAY(SELECT code FROM old_rows));
  ELSE
    PERFORM catalog_changes_add('shipping_method', ARRAY(SELECT code FROM new_rows));
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM catalog_changes_add('shipping_method', ARRAY(SELECT code FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_changes_currencies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  default_moved boolean;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM catalog_changes_add('currency', ARRAY(SELECT code FROM old_rows));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM catalog_changes_add('currency', ARRAY(SELECT code FROM new_rows));
  END IF;
  -- Every product shows the default currency's code: a new default changes them all.
  IF TG_OP = 'INSERT' THEN
    default_moved := EXISTS (SELECT 1 FROM new_rows WHERE is_default);
  ELSIF TG_OP = 'DELETE' THEN
    default_moved := EXISTS (SELECT 1 FROM old_rows WHERE is_default);
  ELSE
    default_moved := EXISTS (SELECT 1 FROM new_rows n FULL JOIN old_rows o ON o.code = n.code
      WHERE n.is_default IS DISTINCT FROM o.is_default OR n.code IS DISTINCT FROM o.code);
  END IF;
  IF default_moved THEN
    INSERT INTO catalog_changes (entity, entity_id)
    SELECT 'product', id::text FROM products WHERE active;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_changes_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows WHERE key LIKE 'feature.%') THEN
      PERFORM catalog_changes_add('feature_flags', ARRAY['features']);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows WHERE key LIKE 'feature.%') THEN
    PERFORM catalog_changes_add('feature_flags', ARRAY['features']);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One trigger per table and operation: a trigger with transition tables takes one event.
DO $$
DECLARE
  spec record;
  op text;
BEGIN
  FOR spec IN SELECT * FROM (VALUES
    ('products', 'catalog_changes_products', 'INSERT,UPDATE,DELETE'),
    ('product_images', 'catalog_changes_product_rows', 'INSERT,UPDATE,DELETE'),
    ('product_variants', 'catalog_changes_product_rows', 'INSERT,UPDATE,DELETE'),
    ('product_attribute_values', 'catalog_changes_product_rows', 'INSERT,UPDATE,DELETE'),
    ('reviews', 'catalog_changes_product_rows', 'INSERT,UPDATE,DELETE'),
    ('product_categories', 'catalog_changes_product_categories', 'INSERT,UPDATE,DELETE'),
    ('categories', 'catalog_changes_categories', 'INSERT,UPDATE,DELETE'),
    ('attributes', 'catalog_changes_attributes', 'UPDATE'),
    ('attribute_values', 'catalog_changes_attribute_values', 'UPDATE'),
    ('users', 'catalog_changes_users', 'UPDATE'),
    ('banners', 'catalog_changes_banners', 'INSERT,UPDATE,DELETE'),
    ('shipping_methods', 'catalog_changes_shipping_methods', 'INSERT,UPDATE,DELETE'),
    ('currencies', 'catalog_changes_currencies', 'INSERT,UPDATE,DELETE'),
    ('settings', 'catalog_changes_settings', 'INSERT,UPDATE,DELETE')
  ) AS t(tbl, fn, ops) LOOP
    FOREACH op IN ARRAY string_to_array(spec.ops, ',') LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        spec.tbl || '_catalog_changes_' || lower(op), op, spec.tbl,
        CASE op
          WHEN 'INSERT' THEN 'NEW TABLE AS new_rows'
          WHEN 'DELETE' THEN 'OLD TABLE AS old_rows'
          ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows'
        END,
        spec.fn);
    END LOOP;
  END LOOP;
END $$;
