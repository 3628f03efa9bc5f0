import { AppError } from '../../errors';
import { COD_PAYMENT_METHOD } from '../cart';
import type { CodReason } from '../delivery';

/*
 * What checkout asks of delivery (docs/delivery.md): the promise for an address and the cart's
 * products, given by the composition root (delivery's serviceability), so checkout imports no
 * delivery file. Never called inside a transaction: the promise may read the pool or a courier.
 */

export interface DeliveryWindowRecord {
  min_date: string;
  max_date: string;
}

export interface DeliveryPromise {
  /** null: the courier could not say in time; checkout goes on. */
  deliverable: boolean | null;
  /** The address's rule allows cash on delivery (before the shop's COD settings). */
  postcodeCod: boolean;
  estimatedDelivery: DeliveryWindowRecord | null;
}

export type DeliveryPromiseFor = (
  postcode: string,
  productIds: readonly number[],
) => Promise<DeliveryPromise>;

/** Every promise deliverable and undated: a shop without delivery rules (and tests' callers). */
export const noDeliveryPromise: DeliveryPromiseFor = async () => ({
  deliverable: true,
  postcodeCod: true,
  estimatedDelivery: null,
});

/** 422 ADDRESS_NOT_SERVICEABLE naming the postcode, unless the shop delivers (or may) there. */
export function requireServiceable(promise: DeliveryPromise, postcode: string): void {
  if (promise.deliverable !== false) return;
  throw new AppError('ADDRESS_NOT_SERVICEABLE', `We do not deliver to ${postcode}.`, {
    fieldErrors: { postcode: [`We do not deliver to ${postcode}.`] },
  });
}

/**
 * Why cash on delivery is refused for this customer and order (a reason code of delivery's COD
 * rules: `postcode`, `order_value`, `phone_not_verified`, `too_many_open_orders`, `disabled`),
 * or null when it is allowed. `postcodeCod` null: no address yet.
 */
export type CodRefusalFor = (
  userId: number,
  facts: { postcodeCod: boolean | null; orderValueCents: number },
) => Promise<CodReason | null>;

export const noCodRules: CodRefusalFor = async () => null;

/** The payment method code the COD rules govern (and the cart charges the COD fee on). */
export const COD_METHOD = COD_PAYMENT_METHOD;

/** 422 COD_NOT_AVAILABLE, the reason code under `errors.payment_method`. */
export function codNotAvailable(reason: CodReason): AppError {
  return new AppError('COD_NOT_AVAILABLE', undefined, {
    fieldErrors: { payment_method: [reason] },
  });
}
