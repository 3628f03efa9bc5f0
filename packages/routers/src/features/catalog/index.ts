/** The catalog slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { categoriesAdminRouter, productsAdminRouter } from './catalog.admin.router';
export type { CatalogRepository, ProductSummaryRecord } from './catalog.repository';
export { categoriesRouter, productsRouter } from './catalog.router';
export type { CategoryDto } from './catalog.schemas';
export {
  type ProductDetailDto,
  type ProductSort,
  type ReviewDto,
  ZCategory,
  ZProductDetail,
  ZProductPageOutput,
  ZProductSummary,
  ZReview,
  zPage,
  zPerPage,
  zSort,
} from './catalog.schemas';
export type { CatalogService } from './catalog.service';
export { createCatalogSlice } from './catalog.slice';
export type { CatalogAdminService } from './catalog-admin.service';
export type { CategoriesAdminService } from './categories-admin.service';
export {
  type DefaultCurrency,
  FALLBACK_CURRENCY,
  toProductSummaryDto,
  toReviewDto,
} from './product.dto';
export type { ProductReviewReads } from './product-details.repository';
export type { ProductPartsService } from './product-parts.service';
export {
  activeProductIdsAfter,
  categoryExists,
  latestShipsInDays,
  lockProduct,
  nonReturnableProducts,
  productExists,
  productForPush,
  productNames,
  productsPerTaxCategory,
  shipsInDaysOf,
  stockKey,
  stockOfLines,
  visibleProductSummaries,
} from './product-reads.repository';
export type { ReviewRecord } from './product-reviews';
export {
  createProductSearchRepository,
  type ProductSearch,
  type ProductSearchRepository,
} from './product-search.repository';
export { mainImageUrls as productThumbnails } from './product-thumbnails.repository';
export {
  createPurchasablesRepository,
  type PurchasableRecord,
  type PurchasablesRepository,
} from './purchasables.repository';
export { createStockRepository, type StockRepository } from './stock.repository';
export { releaseStock, takeStock } from './stock.steps';
