import { accountRouter } from './features/account';
import { addressesRouter } from './features/addresses';
import { aiAgentsAdminRouter, aiRouter } from './features/ai';
import { auditAdminRouter } from './features/audit';
import { authRouter } from './features/auth';
import { cartRouter } from './features/cart';
import {
  categoriesAdminRouter,
  categoriesRouter,
  productsAdminRouter,
  productsRouter,
} from './features/catalog';
import { checkoutRouter } from './features/checkout';
import { bannersAdminRouter, bannersRouter } from './features/content';
import { couponsAdminRouter } from './features/coupons';
import {
  adminsAdminRouter,
  customerAdminRouter,
  customerRouter,
  meProcedure,
  rolesAdminRouter,
  staffAdminRouter,
  staffRouter,
} from './features/customer';
import { dashboardAdminRouter } from './features/dashboard';
import {
  deliveryAdminRouter,
  deliveryRouter,
  deliverySettingsAdminRouter,
} from './features/delivery';
import { giftCardsAdminRouter, giftCardsRouter } from './features/gift-cards';
import { jobsAdminRouter } from './features/jobs';
import { loyaltyAdminRouter, loyaltyRouter } from './features/loyalty';
import { notificationsAdminRouter, notificationsRouter } from './features/notifications';
import { ordersAdminRouter, ordersRouter, refundsAdminRouter } from './features/orders';
import { paymentLinksAdminRouter, paymentLinksRouter, savedCardsRouter } from './features/payments';
import { returnSettingsAdminRouter, returnsAdminRouter, returnsRouter } from './features/returns';
import { reviewsAdminRouter, reviewsRouter } from './features/reviews';
import { searchRouter } from './features/search';
import {
  currenciesAdminRouter,
  currencyRouter,
  featuresRouter,
  settingsAdminRouter,
  shippingMethodsAdminRouter,
} from './features/store-settings';
import { syncAdminRouter, syncRouter } from './features/sync';
import {
  taxCategoriesAdminRouter,
  taxRatesAdminRouter,
  taxRulesAdminRouter,
  taxSettingsAdminRouter,
} from './features/tax';
import { wishlistRouter } from './features/wishlist';
import { mergeRouters, router } from './trpc';

/*
 * The back office, over /trpc only: no admin procedure has OpenAPI meta, so none has a REST path,
 * and every one requires the admin role and its declared permission (403 FORBIDDEN otherwise,
 * docs/admin-panel.md "Roles"). Each slice owns its admin
 * procedures; this only composes them.
 */
const adminRouter = router({
  me: meProcedure,
  roles: rolesAdminRouter,
  staff: staffAdminRouter,
  customers: customerAdminRouter,
  // Orders' desk and the payments slice's "Send payment link".
  orders: mergeRouters(ordersAdminRouter, paymentLinksAdminRouter),
  refunds: refundsAdminRouter,
  returns: returnsAdminRouter,
  products: productsAdminRouter,
  categories: categoriesAdminRouter,
  reviews: reviewsAdminRouter,
  coupons: couponsAdminRouter,
  // Feature flags (store-settings), the shop's tax settings (tax), its return policy (returns)
  // and its delivery and COD settings (delivery: admin.settings.getDelivery).
  settings: mergeRouters(
    settingsAdminRouter,
    taxSettingsAdminRouter,
    returnSettingsAdminRouter,
    deliverySettingsAdminRouter,
  ),
  delivery: deliveryAdminRouter,
  aiAgents: aiAgentsAdminRouter,
  banners: bannersAdminRouter,
  currencies: currenciesAdminRouter,
  shippingMethods: shippingMethodsAdminRouter,
  taxRates: taxRatesAdminRouter,
  taxCategories: taxCategoriesAdminRouter,
  taxRules: taxRulesAdminRouter,
  sync: syncAdminRouter,
  jobs: jobsAdminRouter,
  audit: auditAdminRouter,
  dashboard: dashboardAdminRouter,
  admins: adminsAdminRouter,
  notifications: notificationsAdminRouter,
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
  // The profile (customer slice) and the saved cards (payments slice).
  customer: mergeRouters(customerRouter, savedCardsRouter),
  account: accountRouter,
  addresses: addressesRouter,
  features: featuresRouter,
  products: productsRouter,
  reviews: reviewsRouter,
  categories: categoriesRouter,
  search: searchRouter,
  banners: bannersRouter,
  currency: currencyRouter,
  delivery: deliveryRouter,
  cart: cartRouter,
  giftCards: giftCardsRouter,
  loyalty: loyaltyRouter,
  checkout: checkoutRouter,
  // Orders, and paying a COD one online (payments slice).
  orders: mergeRouters(ordersRouter, paymentLinksRouter),
  returns: returnsRouter,
  wishlist: wishlistRouter,
  notifications: notificationsRouter,
  sync: syncRouter,
  ai: aiRouter,
  staff: staffRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
