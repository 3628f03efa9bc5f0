// The account slice's public surface: other slices import only from here.
export type { AccountSlice } from './account.slice';
