// The gift cards slice's public surface (other slices import only this file).

export { eraseGiftCardRecipient, exportGiftCardsReceived } from './account-data.repository';
export { type Credits, type LoyaltyRates, maxPointsFor, pointsToCents } from './amount-due';
export {
  type GiftCardRepositories,
  giveBackGiftCards,
  lockGiftCards,
  previewGiftCards,
  spendGiftCards,
} from './gift-card-spend.steps';
export { giftCardsAdminRouter } from './gift-cards.admin.router';
export { createGiftCardsRepository, type GiftCardsRepository } from './gift-cards.repository';
export { giftCardsRouter } from './gift-cards.router';
export { type CreditFields, creditFields } from './gift-cards.service';
export { createGiftCardsSlice, type GiftCardsSlice } from './gift-cards.slice';
