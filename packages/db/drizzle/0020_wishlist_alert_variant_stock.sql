-- Wishlist alerts for configurable products (notifications slice): their stock is their
-- variants'. A variant restocked (or added with stock) while every other variant of the product is
-- sold out brings the product back in stock: the event the product trigger (0016) leaves for a
-- simple product, in the same transaction as the change.
CREATE OR REPLACE FUNCTION wishlist_alert_on_variant_stock() RETURNS trigger AS $$
BEGIN
  IF NEW.stock_quantity > 0
     AND (TG_OP = 'INSERT' OR OLD.stock_quantity <= 0)
     AND NOT EXISTS (
       SELECT 1 FROM product_variants v
       WHERE v.product_id = NEW.product_id AND v.id <> NEW.id AND v.stock_quantity > 0
     ) THEN
    INSERT INTO wishlist_alert_events (product_id, kind) VALUES (NEW.product_id, 'back_in_stock');
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_variants_wishlist_alert
  AFTER INSERT OR UPDATE OF stock_quantity ON product_variants
  FOR EACH ROW EXECUTE FUNCTION wishlist_alert_on_variant_stock();
