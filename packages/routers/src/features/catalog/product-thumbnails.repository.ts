import type { Executor } from '@storefront/db/client';
import { productImages } from '@storefront/db/schema';
import { asc, inArray } from 'drizzle-orm';

/** Each product's main image (its first by position) for the back office's lists' thumbnails. */
export async function mainImageUrls(db: Executor, productIds: number[]) {
  const urls = new Map<number, string>();
  if (productIds.length === 0) return urls;
  const rows = await db
    .selectDistinctOn([productImages.productId], {
      productId: productImages.productId,
      url: productImages.url,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
  for (const row of rows) urls.set(row.productId, row.url);
  return urls;
}
