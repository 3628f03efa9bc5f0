/*
 * Every table of the schema (`@storefront/db/schema`) has one owning slice: only that slice's
 * files name it. Another slice reaches the rows through the owner's index.ts — a read, a
 * repository factory, or a step such as `*.erase.ts` / `*.export.ts` / `mergeGuest` that the
 * owner writes and the caller composes (docs/architecture.md, "Tables have owners").
 * `slice-boundaries.test.ts` holds the slices to this map, and the map to the schema.
 */
export const tableOwners = {
  // auth: accounts, sessions and the ways in
  // audit: the admin audit log
  auditLog: 'audit',
  users: 'auth',
  sessions: 'auth',
  passwordResetTokens: 'auth',
  emailVerificationTokens: 'auth',
  userIdentities: 'auth',
  usedSocialTokens: 'auth',
  otpCodes: 'auth',
  // the back office's roles and invitations: an admin account points at its role (issue 41)
  staffRoles: 'auth',
  staffInvites: 'auth',
  accountExports: 'account',
  addresses: 'addresses',
  aiAgents: 'ai',
  carts: 'cart',
  cartItems: 'cart',
  coupons: 'coupons',
  couponRedemptions: 'coupons',
  gatewayOrders: 'payments',
  paymentWebhookEvents: 'payments',
  paymentLinks: 'payments',
  gatewayCustomers: 'payments',
  products: 'catalog',
  productImages: 'catalog',
  productVariants: 'catalog',
  attributes: 'catalog',
  attributeValues: 'catalog',
  productAttributeValues: 'catalog',
  categories: 'catalog',
  productCategories: 'catalog',
  searchTerms: 'search',
  reviews: 'reviews',
  reviewVotes: 'reviews',
  banners: 'content',
  // the store's reference data, read by many slices through store-settings' index
  currencies: 'store-settings',
  settings: 'store-settings',
  shippingMethods: 'store-settings',
  paymentMethods: 'store-settings',
  // tax: categories, rules and the shop's tax settings, read by pricing through tax's index
  taxCategories: 'tax',
  taxRules: 'tax',
  taxSettings: 'tax',
  // delivery: postcode rules and the delivery / cash-on-delivery settings (docs/delivery.md)
  deliveryRules: 'delivery',
  deliverySettings: 'delivery',
  giftCards: 'gift-cards',
  giftCardLedger: 'gift-cards',
  cartGiftCards: 'gift-cards',
  loyaltyAccounts: 'loyalty',
  loyaltyLedger: 'loyalty',
  cartLoyaltyPoints: 'loyalty',
  loyaltySettings: 'loyalty',
  devices: 'notifications',
  notificationPreferences: 'notifications',
  wishlistAlertEvents: 'notifications',
  wishlistAlertsSent: 'notifications',
  pushCampaigns: 'notifications',
  orders: 'orders',
  orderItems: 'orders',
  orderEvents: 'orders',
  orderNumberSequence: 'orders',
  documentCounters: 'orders',
  creditNotes: 'orders',
  orderRefunds: 'orders',
  // returns: customers' returns and the shop's return policy (ledger rows through orders' index)
  returns: 'returns',
  returnItems: 'returns',
  returnEvents: 'returns',
  returnSettings: 'returns',
  idempotencyKeys: 'checkout',
  catalogChanges: 'sync',
  catalogChangeFeed: 'sync',
  syncState: 'sync',
  wishlistItems: 'wishlist',
} as const satisfies Record<string, string>;

export type TableName = keyof typeof tableOwners;
