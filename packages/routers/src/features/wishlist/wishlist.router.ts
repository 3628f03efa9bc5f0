import { ok, ZNullEnvelope } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import { ZCartOutput } from '../cart';
import {
  ZAddToWishlistInput,
  ZWishlistItemId,
  ZWishlistItemOutput,
  ZWishlistOutput,
} from './wishlist.schemas';

const tags = ['wishlist'];
const FLAG = 'Answers 403 FEATURE_DISABLED while the wishlist feature is switched off.';

const wishlistProcedure = customerProcedure.meta({ feature: 'wishlist' });

export const wishlistRouter = router({
  list: wishlistProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/wishlist',
        tags,
        summary: 'Get wishlist',
        description: `The wishlist, newest first (not paginated). Only products that are visible now are listed: an item whose product was deactivated is kept and listed again once the product is back. ${FLAG}`,
      },
      errors: ['FEATURE_DISABLED'],
    })
    .output(ZWishlistOutput)
    .query(async ({ ctx }) => ok(await ctx.services.wishlist.list(ctx.session.user.id))),

  add: wishlistProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/wishlist/add',
        tags,
        summary: 'Add to wishlist',
        description: `Adds a product: 201 with the new item, 200 with the existing one when it is already there. An unknown or inactive product answers 422 errors.product_id. ${FLAG}`,
      },
      errors: ['FEATURE_DISABLED'],
      successStatus: 201,
      okWhenExisting: true,
    })
    .input(ZAddToWishlistInput)
    .output(ZWishlistItemOutput)
    .mutation(async ({ ctx, input }) => {
      const { item, created } = await ctx.services.wishlist.add(
        ctx.session.user.id,
        input.product_id,
      );
      if (!created) ctx.response.status = 200;
      return ok(item, created ? 'Added to your wishlist.' : 'Already in your wishlist.');
    }),

  remove: wishlistProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/customer/wishlist/{id}',
        tags,
        summary: 'Remove from wishlist',
        description: `Removes an item. Another customer's item answers 404 like an unknown id. ${FLAG}`,
      },
      errors: ['FEATURE_DISABLED'],
    })
    .input(ZWishlistItemId)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.wishlist.remove(ctx.session.user.id, input.id),
        'Removed from your wishlist.',
      ),
    ),

  moveToCart: wishlistProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/wishlist/{id}/move-to-cart',
        tags,
        summary: 'Move to cart',
        description: `Adds one unit to the cart and removes the item, answering the updated cart. The cart's rules apply: a configurable product needs a variant (422 errors.variant_id: choose one on the product page and use POST /cart/add), too little stock answers 422 OUT_OF_STOCK, an inactive product 422 errors.product_id; on any failure the item stays in the wishlist. Another customer's item answers 404. ${FLAG}`,
      },
      errors: ['OUT_OF_STOCK', 'FEATURE_DISABLED'],
    })
    .input(ZWishlistItemId)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.wishlist.moveToCart(ctx.session.user.id, input.id),
        'Moved to your cart.',
      ),
    ),
});
