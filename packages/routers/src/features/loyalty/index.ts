// The loyalty slice's public surface (other slices import only this file).

export { createLoyaltyRepository, type LoyaltyRepository } from './loyalty.repository';
export { createLoyaltySlice, type LoyaltySlice } from './loyalty.slice';
export {
  earnLoyaltyPoints,
  type LoyaltyRates,
  type LoyaltyRepositories,
  lockLoyalty,
  loyaltyPointsHeldByOrder,
  previewLoyalty,
  recordShownPoints,
  returnLoyaltyPoints,
  returnSomeLoyaltyPoints,
  reverseEarnedPoints,
  showLoyalty,
  spendLoyaltyPoints,
} from './loyalty-spend.steps';

/** The scheduled expiry job's queue (apps/api/src/jobs.ts). */
export const LOYALTY_EXPIRY_QUEUE = 'loyalty-expiry';
export { eraseLoyalty, exportLoyaltyLedger } from './account-data.repository';
export { loyaltyAdminRouter } from './loyalty.admin.router';
export { loyaltyRouter } from './loyalty.router';
