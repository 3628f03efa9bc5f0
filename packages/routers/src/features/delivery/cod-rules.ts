/*
 * Whether cash on delivery is allowed for one checkout (docs/delivery.md, "Cash on delivery"):
 * pure, the first rule refusing gives the reason code the API answers.
 */

export const COD_REASONS = [
  'disabled',
  'postcode',
  'order_value',
  'phone_not_verified',
  'too_many_open_orders',
] as const;
export type CodReason = (typeof COD_REASONS)[number];

export interface CodSettings {
  codEnabled: boolean;
  codMinOrderCents: number | null;
  codMaxOrderCents: number | null;
  codRequiresVerifiedPhone: boolean;
  codMaxOpenOrders: number;
}

export interface CodFacts {
  /** The address's rule allows COD; null: no address yet (checked again once there is one). */
  postcodeCod: boolean | null;
  orderValueCents: number;
  phoneVerified: boolean;
  /** The customer's COD orders not yet completed or canceled. */
  openCodOrders: number;
}

export function codRefusal(settings: CodSettings, facts: CodFacts): CodReason | null {
  if (!settings.codEnabled) return 'disabled';
  if (facts.postcodeCod === false) return 'postcode';
  const { codMinOrderCents: min, codMaxOrderCents: max } = settings;
  if (
    (min !== null && facts.orderValueCents < min) ||
    (max !== null && facts.orderValueCents > max)
  ) {
    return 'order_value';
  }
  if (settings.codRequiresVerifiedPhone && !facts.phoneVerified) return 'phone_not_verified';
  if (facts.openCodOrders >= settings.codMaxOpenOrders) return 'too_many_open_orders';
  return null;
}
