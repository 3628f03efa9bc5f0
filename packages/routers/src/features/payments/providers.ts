import type { PaymentMethodType } from '@storefront/db/schema';
import { cashOnDelivery, createHmacGateway, type PaymentProvider } from './gateway';
import { createRazorpayGateway, type RazorpayConfig } from './razorpay';
import { createRazorpayLinksGateway } from './razorpay-links';

export interface PaymentConfig {
  /** Razorpay for card and wallet when configured (RAZORPAY_*). */
  razorpay?: RazorpayConfig | undefined;
  /** Otherwise the development gateway's HMAC secret (PAYMENT_GATEWAY_SECRET). */
  developmentSecret: string;
}

/** Card and wallet methods go through the gateway; `offline` (cash on delivery) does not. */
export function createPaymentProviders(config: PaymentConfig) {
  const gateway = config.razorpay
    ? createRazorpayGateway(config.razorpay)
    : createHmacGateway(config.developmentSecret);
  return {
    /** Payment links and saved cards: Razorpay only (none on the development gateway). */
    links: config.razorpay ? createRazorpayLinksGateway(config.razorpay) : undefined,
    forType(type: PaymentMethodType): PaymentProvider {
      return type === 'offline' ? cashOnDelivery : gateway;
    },
  };
}

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;
