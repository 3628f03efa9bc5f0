import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { RepositoryFactory } from '../../transactions';
import { createCurrenciesService } from './currencies.service';
import { createSettingsRepository } from './feature-flags.repository';
import type { FeatureFlags } from './feature-flags.schemas';
import { createSettingsService, type SettingsService } from './feature-flags.service';
import { createReferenceCache } from './reference-cache';
import {
  createReferenceDataRepository,
  type ReferenceDataRepository,
} from './reference-data.repository';
import { createStoreSettingsRepository } from './store-settings.repository';
import { createStoreSettingsService } from './store-settings.service';

export interface StoreSettingsSliceDeps {
  db: Executor;
  clock: Clock;
  featureDefaults: FeatureFlags;
  /** How long reference data may be reused, in ms (reference-cache.ts); 0 reads every time. */
  referenceCacheTtlMs: number;
}

/**
 * The store settings slice: feature flags, currencies, shipping methods, the tax rate and payment
 * methods — the back office's writes, the storefront's cached reads (reference-cache.ts).
 */
export function createStoreSettingsSlice(deps: StoreSettingsSliceDeps) {
  const { db, clock } = deps;
  const cache = createReferenceCache({ clock, ttlMs: deps.referenceCacheTtlMs });
  const settings = createSettingsRepository(db);
  /** Reference data as carts and checkouts read it, inside or outside their transactions. */
  const referenceData: RepositoryFactory<ReferenceDataRepository> = (executor, scope) =>
    cache.referenceData(createReferenceDataRepository(executor), scope.inTransaction);
  const features = createSettingsService({
    repo: cache.settings(settings),
    featureDefaults: deps.featureDefaults,
  });
  /** Feature flags read through a transaction's executor (never the pool inside one). */
  const featuresWithin = (executor: Executor) =>
    createSettingsService({
      repo: createSettingsRepository(executor),
      featureDefaults: deps.featureDefaults,
    });
  /** Feature flags as carts and checkouts read them: cached, or through their transaction. */
  const featuresOn: RepositoryFactory<SettingsService> = (executor, scope) =>
    scope.inTransaction ? featuresWithin(executor) : features;
  const reference = referenceData(db, { inTransaction: false });
  return {
    admin: createStoreSettingsService({ repo: createStoreSettingsRepository(db) }),
    currencies: createCurrenciesService({ reference: createReferenceDataRepository(db) }),
    features,
    /**
     * The flags read past the cache: the change feed must not hand out another instance's older
     * copy (sync/changes.service.ts).
     */
    uncachedFeatureFlags: createSettingsService({
      repo: settings,
      featureDefaults: deps.featureDefaults,
    }).featureFlags,
    featuresOn,
    referenceData,
    /** The store's default currency (cached like all reference data); USD until one is set. */
    defaultCurrency: async () => (await reference.defaultCurrency()) ?? 'USD',
    /** Cleared on every catalogue change (catalog-version.ts). */
    cache,
    /** Where the catalogue's cache token is kept (the settings table). */
    catalogVersionStore: {
      read: settings.readCatalogVersion,
      initialise: settings.initialiseCatalogVersion,
      write: settings.writeCatalogVersion,
    },
  };
}
