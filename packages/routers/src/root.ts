import { addressesRouter } from './features/addresses/addresses.router';
import { adminRouter } from './features/admin/admin.router';
import { aiRouter } from './features/ai/ai.router';
import { authRouter } from './features/auth/auth.router';
import { cartRouter } from './features/cart/cart.router';
import { categoriesRouter, productsRouter } from './features/catalog/catalog.router';
import { checkoutRouter } from './features/checkout/checkout.router';
import { bannersRouter, currencyRouter } from './features/content/content.router';
import { customerRouter } from './features/customer/customer.router';
import { ordersRouter } from './features/orders/orders.router';
import { reviewsRouter } from './features/reviews/reviews.router';
import { searchRouter } from './features/search/search.router';
import { featuresRouter } from './features/settings/settings.router';
import { syncRouter } from './features/sync/sync.router';
import { wishlistRouter } from './features/wishlist/wishlist.router';
import { router } from './trpc';

/*
 * The whole API. Order matters for REST matching: trpc-to-openapi takes the first route that
 * matches (case-insensitively), so literal paths (/products/featured) must be declared before
 * templated ones. /products/{id}/reviews has no rival in the products router (/products/{id}
 * matches one segment only).
 */
export const appRouter = router({
  auth: authRouter,
  customer: customerRouter,
  addresses: addressesRouter,
  features: featuresRouter,
  products: productsRouter,
  reviews: reviewsRouter,
  categories: categoriesRouter,
  search: searchRouter,
  banners: bannersRouter,
  currency: currencyRouter,
  cart: cartRouter,
  checkout: checkoutRouter,
  orders: ordersRouter,
  wishlist: wishlistRouter,
  sync: syncRouter,
  ai: aiRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
