import { validationError } from '../../errors';
import { amountToCents, centsToAmount, centsToAmountOrNull } from '../../money';
import type { InTransaction } from '../../transactions';
import type { DeliverySettingsUpdateInput } from './delivery.admin.schemas';
import type { DeliveryRepositories } from './delivery.repositories';
import type { DeliverySettingsRecord } from './delivery-settings.repository';

export function toDeliverySettingsDto(settings: DeliverySettingsRecord, timeZone: string) {
  return {
    dispatch_days: settings.dispatchDays,
    cutoff_hour: settings.cutoffHour,
    holidays: settings.holidays,
    default_deliverable: settings.defaultDeliverable,
    default_cod: settings.defaultCod,
    default_min_days: settings.defaultMinDays,
    default_max_days: settings.defaultMaxDays,
    cod_enabled: settings.codEnabled,
    cod_min_order: centsToAmountOrNull(settings.codMinOrderCents),
    cod_max_order: centsToAmountOrNull(settings.codMaxOrderCents),
    cod_fee: centsToAmount(settings.codFeeCents),
    cod_requires_verified_phone: settings.codRequiresVerifiedPhone,
    cod_max_open_orders: settings.codMaxOpenOrders,
    payment_link_expiry_hours: settings.paymentLinkExpiryHours,
    time_zone: timeZone,
  };
}

const centsOrNull = (amount: number | null) => (amount === null ? null : amountToCents(amount));

/** The fields given, over the stored settings, checked together. */
function merged(
  current: DeliverySettingsRecord,
  input: DeliverySettingsUpdateInput,
): DeliverySettingsRecord {
  const next = { ...current };
  if (input.dispatch_days !== undefined) next.dispatchDays = input.dispatch_days;
  if (input.cutoff_hour !== undefined) next.cutoffHour = input.cutoff_hour;
  if (input.holidays !== undefined) next.holidays = [...new Set(input.holidays)].sort();
  if (input.default_deliverable !== undefined) next.defaultDeliverable = input.default_deliverable;
  if (input.default_cod !== undefined) next.defaultCod = input.default_cod;
  if (input.default_min_days !== undefined) next.defaultMinDays = input.default_min_days;
  if (input.default_max_days !== undefined) next.defaultMaxDays = input.default_max_days;
  if (input.cod_enabled !== undefined) next.codEnabled = input.cod_enabled;
  if (input.cod_min_order !== undefined) next.codMinOrderCents = centsOrNull(input.cod_min_order);
  if (input.cod_max_order !== undefined) next.codMaxOrderCents = centsOrNull(input.cod_max_order);
  // Charged as the cart's `cod_fee` when it pays by COD (docs/delivery.md).
  if (input.cod_fee !== undefined) next.codFeeCents = amountToCents(input.cod_fee);
  if (input.cod_requires_verified_phone !== undefined) {
    next.codRequiresVerifiedPhone = input.cod_requires_verified_phone;
  }
  if (input.cod_max_open_orders !== undefined) next.codMaxOpenOrders = input.cod_max_open_orders;
  if (input.payment_link_expiry_hours !== undefined) {
    next.paymentLinkExpiryHours = input.payment_link_expiry_hours;
  }
  if (next.defaultMaxDays < next.defaultMinDays) {
    const field = input.default_max_days !== undefined ? 'default_max_days' : 'default_min_days';
    throw validationError({ [field]: ['The most days cannot be fewer than the fewest.'] });
  }
  if (
    next.codMinOrderCents !== null &&
    next.codMaxOrderCents !== null &&
    next.codMaxOrderCents < next.codMinOrderCents
  ) {
    const field = input.cod_max_order !== undefined ? 'cod_max_order' : 'cod_min_order';
    throw validationError({ [field]: ['The COD maximum cannot be below its minimum.'] });
  }
  return next;
}

/**
 * admin.settings.getDelivery / updateDelivery. The time zone is STORE_TIMEZONE (env), shown
 * but not saved here. `changed` drops cached lookups that read the settings.
 */
export function createDeliverySettingsService(deps: {
  repos: DeliveryRepositories;
  inTransaction: InTransaction<DeliveryRepositories>;
  timeZone: string;
  changed: () => void;
}) {
  return {
    async get() {
      return toDeliverySettingsDto(await deps.repos.settings.read(), deps.timeZone);
    },

    async update(input: DeliverySettingsUpdateInput) {
      const saved = await deps.inTransaction(async (tx) => {
        const next = merged(await tx.settings.readForUpdate(), input);
        await tx.settings.save(next);
        return next;
      });
      deps.changed();
      return toDeliverySettingsDto(saved, deps.timeZone);
    },
  };
}

export type DeliverySettingsService = ReturnType<typeof createDeliverySettingsService>;
