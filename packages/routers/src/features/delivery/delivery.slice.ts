import { createTtlCache } from '../../count-cache';
import type { Clock } from '../../ports';
import type { RepositoryFactory, UnitOfWorkFactory } from '../../transactions';
import { type CodFacts, codRefusal } from './cod-rules';
import { deliveryRepositories } from './delivery.repositories';
import { createDeliveryRulesService } from './delivery-rules.service';
import type { DeliverySettingsRecord } from './delivery-settings.repository';
import { createDeliverySettingsService } from './delivery-settings.service';
import { createServiceabilityService, type ServiceabilityDeps } from './serviceability.service';
import {
  cachedProvider,
  type ServiceabilityCache,
  type ServiceabilityProvider,
  tableProvider,
} from './serviceability-provider';

export interface DeliverySliceDeps {
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  /** STORE_TIMEZONE: the IANA zone of the shop's calendar (cut-off, holidays, dates). */
  timeZone: string;
  /** The shop's country (ISO alpha-2): postcodes given without one are checked as its. */
  country: string;
  /** Where serviceability answers are kept (memory, or Redis shared by instances). */
  cache: ServiceabilityCache;
  /** A courier aggregator (SERVICEABILITY_PROVIDER=shiprocket); absent: the shop's rules. */
  provider?: ServiceabilityProvider | undefined;
  shippingMethods: ServiceabilityDeps['shippingMethods'];
  shipsInDays: ServiceabilityDeps['shipsInDays'];
  cartProductIds: ServiceabilityDeps['cartProductIds'];
  latestShipsInDays: ServiceabilityDeps['latestShipsInDays'];
  reportBackgroundError?: ((error: unknown) => void) | undefined;
  /** How long the settings may be reused, in ms (REFERENCE_CACHE_TTL_MS). */
  referenceCacheTtlMs: number;
}

/**
 * The delivery slice (docs/delivery.md): postcode rules and their CSV import, the delivery and
 * cash-on-delivery settings, and the promise serviceability and checkout start from.
 */
export function createDeliverySlice(deps: DeliverySliceDeps) {
  const unit = deps.unitOfWork(deliveryRepositories);
  /** A change of rules or settings drops the cached answers the rules gave. */
  const settingsCache = createTtlCache<DeliverySettingsRecord>({
    clock: deps.clock,
    ttlMs: deps.referenceCacheTtlMs,
  });
  const changed = () => {
    settingsCache.clear();
    deps.cache.clear().catch((error: unknown) => deps.reportBackgroundError?.(error));
  };
  const admin = { repos: unit.repos, inTransaction: unit.inTransaction, changed };
  const rules = createDeliveryRulesService(admin);
  const provider = cachedProvider(deps.provider ?? tableProvider(rules.lookup), deps.cache);
  return {
    rules,
    settings: createDeliverySettingsService({ ...admin, timeZone: deps.timeZone }),
    serviceability: createServiceabilityService({
      provider,
      settings: () => settingsCache.get('settings', unit.repos.settings.read),
      shippingMethods: deps.shippingMethods,
      shipsInDays: deps.shipsInDays,
      cartProductIds: deps.cartProductIds,
      latestShipsInDays: deps.latestShipsInDays,
      clock: deps.clock,
      timeZone: deps.timeZone,
      country: deps.country,
    }),
    /** Whether COD is allowed for a checkout's facts: the first refusing rule's reason. */
    codRefusal: async (facts: CodFacts) =>
      codRefusal(await settingsCache.get('settings', unit.repos.settings.read), facts),
    /**
     * The cash-on-delivery fee checkout charges on COD carts (docs/delivery.md), per executor:
     * cached outside a transaction, read through it inside one (the embedded database has one
     * connection, and a placed order charges the fee as it is then).
     */
    codFee: ((executor, scope) =>
      scope.inTransaction
        ? async () => (await deliveryRepositories(executor).settings.read()).codFeeCents
        : async () =>
            (await settingsCache.get('settings', unit.repos.settings.read))
              .codFeeCents) satisfies RepositoryFactory<() => Promise<number>>,
    /** Cleared with the reference data on every catalogue change (catalog-version.ts). */
    cache: { clear: changed },
  };
}

export type DeliverySlice = ReturnType<typeof createDeliverySlice>;
