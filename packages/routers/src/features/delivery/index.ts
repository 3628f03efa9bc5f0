/** The delivery slice's public surface (docs/architecture.md, docs/delivery.md). */

export { COD_REASONS, type CodReason } from './cod-rules';
export { deliveryAdminRouter, deliverySettingsAdminRouter } from './delivery.admin.router';
export { deliveryRouter } from './delivery.router';
export { ZDeliveryWindow } from './delivery.schemas';
export { createDeliverySlice, type DeliverySlice, type DeliverySliceDeps } from './delivery.slice';
export type { DeliveryRulesService, DeliveryTerms } from './delivery-rules.service';
export { paymentLinkExpiryHours } from './delivery-settings.repository';
export type { DeliverySettingsService } from './delivery-settings.service';
export type { ServiceabilityService } from './serviceability.service';
export {
  memoryServiceabilityCache,
  type ServiceabilityAnswer,
  type ServiceabilityCache,
  type ServiceabilityProvider,
  type ServiceabilityQuery,
} from './serviceability-provider';
