import type { UnitOfWorkFactory } from '../../transactions';
import { deliveryRepositories } from './delivery.repositories';
import { createDeliveryRulesService } from './delivery-rules.service';
import { createDeliverySettingsService } from './delivery-settings.service';

export interface DeliverySliceDeps {
  unitOfWork: UnitOfWorkFactory;
  /** STORE_TIMEZONE: the IANA zone of the shop's calendar (cut-off, holidays, dates). */
  timeZone: string;
}

/**
 * The delivery slice (docs/delivery.md): postcode rules and their CSV import, the delivery and
 * cash-on-delivery settings, and the lookup serviceability and checkout start from.
 */
export function createDeliverySlice(deps: DeliverySliceDeps) {
  const unit = deps.unitOfWork(deliveryRepositories);
  // Nothing is cached yet: each change is read on the next lookup.
  const changed = () => {};
  const admin = { repos: unit.repos, inTransaction: unit.inTransaction, changed };
  return {
    rules: createDeliveryRulesService(admin),
    settings: createDeliverySettingsService({ ...admin, timeZone: deps.timeZone }),
  };
}

export type DeliverySlice = ReturnType<typeof createDeliverySlice>;
