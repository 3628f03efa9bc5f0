import type { AddressSnapshot } from '@storefront/db/schema';
import { describe, expect, it } from 'vitest';
import {
  assertRegisterRange,
  csvField,
  type RegisterSource,
  registerCsv,
  registerRows,
} from './invoice-register';

/* The register's rows and CSV, without a database (the procedure is tested in apps/api). */

const address = (values: Partial<AddressSnapshot> = {}): AddressSnapshot => ({
  first_name: 'Asha',
  last_name: 'Rao',
  email: null,
  phone: '+91 80 1234 5678',
  address_line_1: '1 MG Road',
  address_line_2: null,
  city: 'Bengaluru',
  state: 'KA',
  postcode: '560001',
  country: 'IN',
  country_name: 'India',
  ...values,
});

const source = (values: Partial<RegisterSource>): RegisterSource => ({
  number: 'INV/2627/000001',
  date: '2026-11-28',
  orderNumber: 'SF-2026-000001',
  currency: 'INR',
  billingAddress: address(),
  shippingAddress: address(),
  placeOfSupply: { country: 'IN', region: 'KA', name: 'Karnataka', gstStateCode: '29' },
  taxLines: [
    { name: 'CGST', rateBasisPoints: 900, amountCents: 900, taxableValueCents: 10_000 },
    { name: 'SGST', rateBasisPoints: 900, amountCents: 900, taxableValueCents: 10_000 },
  ],
  taxCents: 1_800,
  totalCents: 11_800,
  ...values,
});

describe('the invoice register', () => {
  it('orders invoices and credit notes by date, then number, with tax per component name', () => {
    const rows = registerRows(
      [
        source({ number: 'INV/2627/000002', date: '2026-11-29' }),
        source({
          number: 'INV/2627/000001',
          orderNumber: 'SF-2026-000002',
          billingAddress: address({ gstin: '29AAGCB7383J1Z4' }),
          shippingAddress: address({ state: 'Maharashtra' }),
          placeOfSupply: null,
          taxLines: [
            { name: 'IGST', rateBasisPoints: 1200, amountCents: 600, taxableValueCents: 5_000 },
            { name: 'IGST', rateBasisPoints: 1800, amountCents: 900, taxableValueCents: 5_000 },
          ],
          taxCents: 1_500,
          totalCents: 11_500,
        }),
      ],
      [source({ number: 'CN/2627/000001', date: '2026-11-28', taxableValueCents: 10_000 })],
    );
    expect(rows.map((row) => [row.type, row.number])).toEqual([
      ['credit_note', 'CN/2627/000001'],
      ['invoice', 'INV/2627/000001'],
      ['invoice', 'INV/2627/000002'],
    ]);
    expect(rows[1]).toEqual({
      type: 'invoice',
      number: 'INV/2627/000001',
      date: '2026-11-28',
      order_number: 'SF-2026-000002',
      buyer_name: 'Asha Rao',
      buyer_gstin: '29AAGCB7383J1Z4',
      // Recorded before place of supply was: read from the shipping address.
      place_of_supply: 'Maharashtra (27)',
      currency: 'INR',
      taxable_value: 100,
      tax_lines: { IGST: 15 },
      tax: 15,
      total: 115,
    });
    expect(rows[0]).toMatchObject({
      place_of_supply: 'Karnataka (29)',
      taxable_value: 100,
      tax_lines: { CGST: 9, SGST: 9 },
    });

    const csv = registerCsv(rows);
    expect(csv.split('\r\n')).toEqual([
      'Type,Number,Date,Order number,Buyer name,Buyer GSTIN,Place of supply,Currency,Taxable value,CGST,SGST,IGST,Tax,Total',
      'credit_note,CN/2627/000001,2026-11-28,SF-2026-000001,Asha Rao,,Karnataka (29),INR,100.00,9.00,9.00,0.00,18.00,118.00',
      'invoice,INV/2627/000001,2026-11-28,SF-2026-000002,Asha Rao,29AAGCB7383J1Z4,Maharashtra (27),INR,100.00,0.00,0.00,15.00,15.00,115.00',
      'invoice,INV/2627/000002,2026-11-29,SF-2026-000001,Asha Rao,,Karnataka (29),INR,100.00,9.00,9.00,0.00,18.00,118.00',
      '',
    ]);
  });

  it('an order from before per-line tax shows its tax under one name', () => {
    const [row] = registerRows([source({ taxLines: null, taxCents: 250, totalCents: 1_250 })], []);
    expect(row).toMatchObject({ tax_lines: { Tax: 2.5 }, taxable_value: 10 });
  });

  it('quotes as RFC 4180 says and keeps spreadsheet formulas as text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(null)).toBe('');
    expect(csvField(12.5, false)).toBe('12.50');
  });

  it('refuses a range that ends before it starts or spans more than 366 days (422 on `to`)', () => {
    expect(() => assertRegisterRange('2024-01-01', '2024-12-31')).not.toThrow();
    expect(() => assertRegisterRange('2026-04-01', '2026-04-01')).not.toThrow();
    for (const [from, to] of [
      ['2026-04-02', '2026-04-01'],
      ['2024-01-01', '2025-01-01'],
    ] as const) {
      expect(() => assertRegisterRange(from, to)).toThrow(
        expect.objectContaining({
          errorCode: 'VALIDATION_ERROR',
          fieldErrors: { to: [expect.any(String)] },
        }),
      );
    }
  });
});
