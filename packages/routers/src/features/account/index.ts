// The account slice's public surface: other slices import only from here.

export { deleteAccountOperation, deleteAccountPath } from './account.openapi';
export { accountRouter } from './account.router';
export { type DeleteAccountInput, ZDeleteAccountInput } from './account.schemas';
export type { AccountSlice } from './account.slice';
export { createAccountSlice } from './account.slice';
