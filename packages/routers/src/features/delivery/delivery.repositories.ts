import type { Executor } from '@storefront/db/client';
import { createDeliveryRulesRepository } from './delivery-rules.repository';
import { createDeliverySettingsRepository } from './delivery-settings.repository';

/** The delivery slice's repositories on one executor (the pool or a transaction). */
export function deliveryRepositories(executor: Executor) {
  return {
    rules: createDeliveryRulesRepository(executor),
    settings: createDeliverySettingsRepository(executor),
  };
}

export type DeliveryRepositories = ReturnType<typeof deliveryRepositories>;
