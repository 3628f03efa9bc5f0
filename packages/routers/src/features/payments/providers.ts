import type { PaymentMethodType } from '@storefront/db/schema';
import { cashOnDelivery, createHmacGateway, type PaymentProvider } from './gateway';

/** Card and wallet methods go through the gateway; `offline` (cash on delivery) does not. */
export function createPaymentProviders(gatewaySecret: string) {
  const gateway = createHmacGateway(gatewaySecret);
  return {
    forType(type: PaymentMethodType): PaymentProvider {
      return type === 'offline' ? cashOnDelivery : gateway;
    },
  };
}

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;
