import { AppError } from '../../errors';

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
  estimatedDelivery: DeliveryWindowRecord | null;
}

export type DeliveryPromiseFor = (
  postcode: string,
  productIds: readonly number[],
) => Promise<DeliveryPromise>;

/** Every promise deliverable and undated: a shop without delivery rules (and tests' callers). */
export const noDeliveryPromise: DeliveryPromiseFor = async () => ({
  deliverable: true,
  estimatedDelivery: null,
});

/** 422 ADDRESS_NOT_SERVICEABLE naming the postcode, unless the shop delivers (or may) there. */
export function requireServiceable(promise: DeliveryPromise, postcode: string): void {
  if (promise.deliverable !== false) return;
  throw new AppError('ADDRESS_NOT_SERVICEABLE', `We do not deliver to ${postcode}.`, {
    fieldErrors: { postcode: [`We do not deliver to ${postcode}.`] },
  });
}
