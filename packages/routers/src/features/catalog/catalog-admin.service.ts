import type { CountCache } from '../../count-cache';
import { AppError } from '../../errors';
import { centsToAmount, centsToAmountOrNull } from '../../money';
import { toIso, toIsoOrNull } from '../../zod-helpers';
import type { AdminProductRecord, CatalogAdminRepository } from './catalog-admin.repository';

export interface CatalogAdminServiceDeps {
  repo: CatalogAdminRepository;
  /** The catalogue's list totals: forgotten after every write so lists show it at once. */
  counts: CountCache;
}

export function toAdminProductDto(product: AdminProductRecord) {
  return {
    id: product.id,
    sku: product.sku,
    slug: product.slug,
    name: product.name,
    type: product.type,
    short_description: product.shortDescription,
    description: product.description,
    price: centsToAmount(product.priceCents),
    special_price: centsToAmountOrNull(product.specialPriceCents),
    special_from: toIsoOrNull(product.specialFrom),
    special_to: toIsoOrNull(product.specialTo),
    stock_quantity: product.stockQuantity,
    featured: product.featured,
    active: product.active,
    created_at: toIso(product.createdAt),
    updated_at: toIso(product.updatedAt),
  };
}

const productNotFound = () => new AppError('NOT_FOUND', 'Product not found.');

/** Back-office catalogue management. */
export function createCatalogAdminService({ repo, counts }: CatalogAdminServiceDeps) {
  return {
    /**
     * Saves copy (typically an AI-generated description an admin reviewed) to the product. The
     * search document is a generated column over these fields, so search follows at once.
     */
    async applyDescription(id: number, copy: { shortDescription: string; description: string }) {
      const product = await repo.updateProduct(id, copy);
      if (!product) throw productNotFound();
      counts.clear();
      return toAdminProductDto(product);
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
