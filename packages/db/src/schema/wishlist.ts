import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * A customer's wishlist: one row per product (the unique index makes a repeated add find the
 * existing row, even under races). Rows of a deactivated product stay; the list hides them until
 * the product is active again.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wishlist_items_user_product_key').on(t.userId, t.productId),
    index('wishlist_items_user_newest_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('wishlist_items_product_idx').on(t.productId),
  ],
);
