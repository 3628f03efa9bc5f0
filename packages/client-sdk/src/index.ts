export {
  type AsyncStorageLike,
  asyncStorageAdapter,
  type CatalogStore,
  type CatalogStoreOptions,
  createCatalogStore,
  memoryStorage,
  type StorageAdapter,
  type StoredBanner,
  type StoredCategory,
  type StoredCurrency,
  type StoredFeatureFlags,
  type StoredProduct,
  type StoredShippingMethod,
  type SyncChange,
  type SyncResult,
} from './catalog-store';
export {
  createStorefrontClient,
  type NamespaceMethods,
  type OperationInput,
  type OperationResult,
  type PageMeta,
  type RouteKey,
  type StorefrontClient,
  type StorefrontClientOptions,
  type Unwrap,
  type UploadFile,
} from './client';
export {
  ERROR_CODES,
  type FieldErrors,
  isStorefrontError,
  type ServerErrorCode,
  StorefrontError,
  type StorefrontErrorCode,
} from './errors';
export {
  type CartDifference,
  type CartOperation,
  createOfflineCart,
  type OfflineCart,
  type OfflineCartOptions,
  type OptimisticCart,
  type OptimisticLine,
  type QueuedOperation,
  type ServerCart,
} from './offline-cart';
export type { Procedures } from './procedures.generated';
export { memoryRevalidationCache, type RevalidationCache } from './revalidation-cache';
export { NAMESPACES, type Namespace, ROUTES } from './routes.generated';
export { memoryTokenStore, type TokenStore } from './tokens';
export type { FetchLike, RequestOptions, RetryOptions } from './transport';
