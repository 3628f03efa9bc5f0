import { addressesRouter } from './features/addresses/addresses.router';
import { aiAgentsAdminRouter } from './features/ai/ai.admin.router';
import { aiRouter } from './features/ai/ai.router';
import { authRouter } from './features/auth/auth.router';
import { cartRouter } from './features/cart/cart.router';
import {
  categoriesAdminRouter,
  productsAdminRouter,
} from './features/catalog/catalog.admin.router';
import { categoriesRouter, productsRouter } from './features/catalog/catalog.router';
import { checkoutRouter } from './features/checkout/checkout.router';
import { bannersAdminRouter } from './features/content/content.admin.router';
import { bannersRouter } from './features/content/content.router';
import { couponsAdminRouter } from './features/coupons/coupons.admin.router';
import { adminsAdminRouter, customerAdminRouter } from './features/customer/customer.admin.router';
import { customerRouter } from './features/customer/customer.router';
import { dashboardAdminRouter } from './features/dashboard/dashboard.admin.router';
import { giftCardsAdminRouter } from './features/gift-cards/gift-cards.admin.router';
import { giftCardsRouter } from './features/gift-cards/gift-cards.router';
import { jobsAdminRouter } from './features/jobs/jobs.admin.router';
import { loyaltyAdminRouter } from './features/loyalty/loyalty.admin.router';
import { loyaltyRouter } from './features/loyalty/loyalty.router';
import { ordersAdminRouter } from './features/orders/orders.admin.router';
import { ordersRouter } from './features/orders/orders.router';
import { reviewsAdminRouter } from './features/reviews/reviews.admin.router';
import { reviewsRouter } from './features/reviews/reviews.router';
import { searchRouter } from './features/search/search.router';
import { settingsAdminRouter } from './features/settings/settings.admin.router';
import { featuresRouter } from './features/settings/settings.router';
import {
  currenciesAdminRouter,
  shippingMethodsAdminRouter,
  taxRatesAdminRouter,
} from './features/store-settings/store-settings.admin.router';
import { currencyRouter } from './features/store-settings/store-settings.router';
import { syncAdminRouter } from './features/sync/sync.admin.router';
import { syncRouter } from './features/sync/sync.router';
import { wishlistRouter } from './features/wishlist/wishlist.router';
import { router } from './trpc';

/*
 * The back office, over /trpc only: no admin procedure has OpenAPI meta, so none has a REST path,
 * and every one requires the admin role (403 FORBIDDEN for customers). Each slice owns its admin
 * procedures; this only composes them.
 */
const adminRouter = router({
  customers: customerAdminRouter,
  orders: ordersAdminRouter,
  products: productsAdminRouter,
  categories: categoriesAdminRouter,
  reviews: reviewsAdminRouter,
  coupons: couponsAdminRouter,
  settings: settingsAdminRouter,
  aiAgents: aiAgentsAdminRouter,
  banners: bannersAdminRouter,
  currencies: currenciesAdminRouter,
  shippingMethods: shippingMethodsAdminRouter,
  taxRates: taxRatesAdminRouter,
  sync: syncAdminRouter,
  jobs: jobsAdminRouter,
  dashboard: dashboardAdminRouter,
  admins: adminsAdminRouter,
  giftCards: giftCardsAdminRouter,
  loyalty: loyaltyAdminRouter,
});

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
  giftCards: giftCardsRouter,
  loyalty: loyaltyRouter,
  checkout: checkoutRouter,
  orders: ordersRouter,
  wishlist: wishlistRouter,
  sync: syncRouter,
  ai: aiRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
