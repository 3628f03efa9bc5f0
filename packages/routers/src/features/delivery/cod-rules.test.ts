import { describe, expect, it } from 'vitest';
import { type CodFacts, type CodSettings, codRefusal } from './cod-rules';

const settings: CodSettings = {
  codEnabled: true,
  codMinOrderCents: 10_000,
  codMaxOrderCents: 500_000,
  codRequiresVerifiedPhone: true,
  codMaxOpenOrders: 2,
};
const allowed: CodFacts = {
  postcodeCod: true,
  orderValueCents: 20_000,
  phoneVerified: true,
  openCodOrders: 1,
};

describe('cash-on-delivery rules', () => {
  it('allows COD when every rule does', () => {
    expect(codRefusal(settings, allowed)).toBeNull();
    expect(codRefusal(settings, { ...allowed, postcodeCod: null })).toBeNull();
    expect(codRefusal(settings, { ...allowed, orderValueCents: 10_000 })).toBeNull();
    expect(codRefusal(settings, { ...allowed, orderValueCents: 500_000 })).toBeNull();
  });

  it('refuses with the first rule that does', () => {
    expect(codRefusal({ ...settings, codEnabled: false }, allowed)).toBe('disabled');
    expect(codRefusal(settings, { ...allowed, postcodeCod: false })).toBe('postcode');
    expect(codRefusal(settings, { ...allowed, orderValueCents: 9_999 })).toBe('order_value');
    expect(codRefusal(settings, { ...allowed, orderValueCents: 500_001 })).toBe('order_value');
    expect(codRefusal(settings, { ...allowed, phoneVerified: false })).toBe('phone_not_verified');
    expect(codRefusal(settings, { ...allowed, openCodOrders: 2 })).toBe('too_many_open_orders');
    expect(
      codRefusal(
        { ...settings, codRequiresVerifiedPhone: false, codMinOrderCents: null },
        { ...allowed, phoneVerified: false, orderValueCents: 1 },
      ),
    ).toBeNull();
  });
});
