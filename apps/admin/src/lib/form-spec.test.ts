import { describe, expect, it } from 'vitest';
import type { Inputs } from './api-types';
import { type FieldSpec, fieldsOf, initialValues, toInput, toLocalDateTime } from './form-spec';

/** A coupon's create input, as the server's router types it. */
interface CouponInput {
  code: string;
  description?: string | null;
  value: number;
  usage_limit?: number | null;
  min_subtotal?: number;
  starts_at?: string | null;
  active?: boolean;
  type: 'percentage' | 'fixed';
}

const fields: FieldSpec<CouponInput>[] = [
  { name: 'code', label: 'Code', kind: 'text', required: true, createOnly: true },
  { name: 'description', label: 'Description', kind: 'textarea', nullable: true },
  { name: 'value', label: 'Value', kind: 'number', required: true },
  { name: 'usage_limit', label: 'Usage limit', kind: 'number', nullable: true },
  { name: 'min_subtotal', label: 'Minimum subtotal', kind: 'number' },
  { name: 'starts_at', label: 'Starts', kind: 'datetime', nullable: true },
  { name: 'active', label: 'Active', kind: 'checkbox', defaultValue: true },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    defaultValue: 'percentage',
    options: [
      { value: 'percentage', label: 'Percentage' },
      { value: 'fixed', label: 'Fixed amount' },
    ],
  },
];

describe('initialValues', () => {
  it('starts a new record from the defaults', () => {
    expect(initialValues(fields)).toEqual({
      code: '',
      description: '',
      value: '',
      usage_limit: '',
      min_subtotal: '',
      starts_at: '',
      active: true,
      type: 'percentage',
    });
  });

  it('shows a stored record, instants in local time and nulls as empty fields', () => {
    // A week ahead, on a whole minute (the form's datetime field has no seconds).
    const startsAt = new Date(
      Math.floor(Date.now() / 60_000) * 60_000 + 7 * 86_400_000,
    ).toISOString();
    const values = initialValues(fields, {
      code: 'WINTER',
      description: null,
      value: 12.5,
      usage_limit: 100,
      min_subtotal: null,
      starts_at: startsAt,
      active: false,
      type: 'fixed',
    });
    expect(values).toMatchObject({
      code: 'WINTER',
      description: '',
      value: '12.5',
      usage_limit: '100',
      active: false,
      type: 'fixed',
    });
    expect(new Date(values.starts_at as string).toISOString()).toBe(startsAt);
  });
});

describe('toInput', () => {
  it('trims text, reads numbers and instants, and leaves out empty optional fields', () => {
    const input = toInput(
      fields,
      {
        code: '  SPRING ',
        description: '',
        value: '15',
        usage_limit: '',
        min_subtotal: '',
        starts_at: toLocalDateTime('2026-03-01T08:00:00.000Z'),
        active: true,
        type: 'fixed',
      },
      'create',
    );
    expect(input).toEqual({
      code: 'SPRING',
      description: null,
      value: 15,
      usage_limit: null,
      starts_at: '2026-03-01T08:00:00.000Z',
      active: true,
      type: 'fixed',
    });
    expect(input).not.toHaveProperty('min_subtotal');
  });

  it('leaves the record key out of an update and sends what cannot be read as typed', () => {
    const input = toInput(
      fields,
      { ...initialValues(fields), code: 'KEY', value: '12,5', active: false },
      'update',
    );
    expect(input).not.toHaveProperty('code');
    expect(input.value).toBe('12,5');
    expect(input.active).toBe(false);
  });
});

/** The real coupon procedure's input: the typecheck runs these lines (`pnpm typecheck`). */
type CouponCreate = Inputs['admin']['coupons']['create'];

describe('FieldSpec', () => {
  it("refuses, at compile time, a field the procedure's input does not have as written", () => {
    const refused: FieldSpec<CouponCreate>[] = [
      // @ts-expect-error a misspelt name: the input has `code`
      { name: 'cod', label: 'Code', kind: 'text' },
      // @ts-expect-error a text input for a number
      { name: 'value', label: 'Value', kind: 'text' },
      // @ts-expect-error a select offering a value the server does not take
      { name: 'type', label: 'Type', kind: 'select', options: [{ value: 'fixd', label: 'Fixed' }] },
      // @ts-expect-error marked required where the input may go without it
      { name: 'active', label: 'Active', kind: 'checkbox', required: true },
      // @ts-expect-error clearing (null) a value the input cannot be null
      { name: 'value', label: 'Value', kind: 'number', nullable: true },
    ];
    const accepted: FieldSpec<CouponCreate>[] = [
      { name: 'code', label: 'Code', kind: 'text', required: true },
      {
        name: 'type',
        label: 'Type',
        kind: 'select',
        options: [{ value: 'fixed', label: 'Fixed' }],
      },
      { name: 'min_subtotal', label: 'Minimum', kind: 'number', nullable: true },
    ];
    expect(refused.length + accepted.length).toBe(8);
  });

  it('refuses, at compile time, a field list that lacks a field the procedure requires', () => {
    const withoutCode = fieldsOf<CouponCreate>()(
      // @ts-expect-error `code` is required by the input and has no field
      [
        { name: 'type', label: 'Type', kind: 'select', defaultValue: 'fixed', options: [] },
        { name: 'value', label: 'Value', kind: 'number', required: true },
      ],
    );
    const complete = fieldsOf<CouponCreate>()([
      { name: 'code', label: 'Code', kind: 'text', required: true },
      { name: 'type', label: 'Type', kind: 'select', defaultValue: 'fixed', options: [] },
      { name: 'value', label: 'Value', kind: 'number', required: true },
    ]);
    expect(complete.length - withoutCode.length).toBe(1);
  });
});
