/** The wishlist slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { eraseWishlist, exportWishlist } from './account-data.repository';
export { wishlistRouter } from './wishlist.router';
export type { WishlistService } from './wishlist.service';
export { createWishlistSlice } from './wishlist.slice';
export { customersWishingFor } from './wishlist-reads.repository';
