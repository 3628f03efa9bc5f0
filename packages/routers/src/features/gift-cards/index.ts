// The gift cards slice's public surface (other slices import only this file).

export {
  eraseGiftCardRecipient,
  eraseStoreCreditOwner,
  exportGiftCardsReceived,
  exportStoreCredit,
  mergeGuestStoreCredit,
} from './account-data.repository';
export { type CreditRepositories, cartCreditsReader, creditsFor } from './credits';
export {
  type GiftCardRepositories,
  giftCardsHeldByOrder,
  giveBackGiftCards,
  giveBackToGiftCards,
  lockGiftCards,
  previewGiftCards,
  showGiftCards,
  spendGiftCards,
} from './gift-card-spend.steps';
export { giftCardsAdminRouter } from './gift-cards.admin.router';
export { createGiftCardsRepository, type GiftCardsRepository } from './gift-cards.repository';
export { giftCardsRouter } from './gift-cards.router';
export { createGiftCardsSlice, type GiftCardsSlice } from './gift-cards.slice';
export { issueStoreCredit, type StoreCreditIssue } from './store-credit.steps';
export { type StoreCreditCodes, storeCreditCodes } from './store-credit-code';
