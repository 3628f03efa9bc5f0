-- Wishlist alerts (notifications slice): a product back in stock (0 → more) or cheaper (a lower
-- price, or a new or lower special price) leaves an event, in the same transaction as the change,
-- whichever code changed it. The `wishlist-alerts` job turns events into pushes.
CREATE OR REPLACE FUNCTION wishlist_alert_on_product_change() RETURNS trigger AS $$
BEGIN
  IF OLD.stock_quantity <= 0 AND NEW.stock_quantity > 0 THEN
    INSERT INTO wishlist_alert_events (product_id, kind) VALUES (NEW.id, 'back_in_stock');
  END IF;
  IF NEW.price_cents < OLD.price_cents
     OR (NEW.special_price_cents IS NOT NULL
         AND (OLD.special_price_cents IS NULL OR NEW.special_price_cents < OLD.special_price_cents)) THEN
    INSERT INTO wishlist_alert_events (product_id, kind) VALUES (NEW.id, 'price_drop');
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_wishlist_alert
  AFTER UPDATE OF stock_quantity, price_cents, special_price_cents ON products
  FOR EACH ROW EXECUTE FUNCTION wishlist_alert_on_product_change();
