import type { PageMeta } from '../../envelope';
import { AppError, validationError } from '../../errors';
import { amountToCents, centsToAmount, centsToAmountOrNull } from '../../money';
import { metaFor, type PageRequest, pageOffset } from '../../pagination';
import { uniqueField } from '../../unique-violations';
import { toIso, toIsoOrNull } from '../../zod-helpers';
import type { CouponInput } from './coupons.admin.schemas';
import type { AdminCouponRecord, CouponsRepository, CouponValues } from './coupons.repository';

export function toCouponDto(coupon: AdminCouponRecord) {
  return {
    id: coupon.id,
    code: coupon.code,
    description: coupon.description,
    type: coupon.type,
    value: coupon.type === 'fixed' ? centsToAmount(coupon.value) : coupon.value,
    min_subtotal: centsToAmountOrNull(coupon.minSubtotalCents),
    starts_at: toIsoOrNull(coupon.startsAt),
    ends_at: toIsoOrNull(coupon.endsAt),
    usage_limit: coupon.usageLimit,
    usage_limit_per_customer: coupon.usageLimitPerCustomer,
    times_used: coupon.timesUsed,
    active: coupon.active,
    created_at: toIso(coupon.createdAt),
    updated_at: toIso(coupon.updatedAt),
  };
}
export type CouponDto = ReturnType<typeof toCouponDto>;

const notFound = () => new AppError('NOT_FOUND', 'Coupon not found.');
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** API fields → stored values; only the fields given. `value` needs the coupon's type. */
function toValues(
  input: Partial<CouponInput>,
  type: 'percentage' | 'fixed',
): Partial<CouponValues> {
  const values: Partial<CouponValues> = {};
  if (input.code !== undefined) values.code = input.code;
  if (input.description !== undefined) values.description = input.description;
  if (input.type !== undefined) values.type = input.type;
  if (input.value !== undefined) {
    values.value = type === 'fixed' ? amountToCents(input.value) : input.value;
  }
  if (input.min_subtotal !== undefined) {
    values.minSubtotalCents =
      input.min_subtotal === null ? null : amountToCents(input.min_subtotal);
  }
  if (input.starts_at !== undefined) values.startsAt = dateOrNull(input.starts_at);
  if (input.ends_at !== undefined) values.endsAt = dateOrNull(input.ends_at);
  if (input.usage_limit !== undefined) values.usageLimit = input.usage_limit;
  if (input.usage_limit_per_customer !== undefined) {
    values.usageLimitPerCustomer = input.usage_limit_per_customer;
  }
  if (input.active !== undefined) values.active = input.active;
  return values;
}

/** The rules a coupon must satisfy as a whole (after merging an update into the stored one). */
function assertConsistent(coupon: {
  type: 'percentage' | 'fixed';
  value: number;
  startsAt?: Date | null | undefined;
  endsAt?: Date | null | undefined;
}) {
  if (coupon.type === 'percentage' && !(Number.isInteger(coupon.value) && coupon.value <= 100)) {
    throw validationError({ value: ['A percentage must be a whole number from 1 to 100.'] });
  }
  if (coupon.value <= 0) throw validationError({ value: ['Must be greater than 0.'] });
  if (coupon.startsAt && coupon.endsAt && coupon.endsAt <= coupon.startsAt) {
    throw validationError({ ends_at: ['Must be after starts_at.'] });
  }
}

const guardUniqueCode = <T>(work: () => Promise<T>) =>
  uniqueField(work, 'code', 'A coupon with this code already exists.');

/** Back-office coupon management; codes are unique regardless of case. */
export function createCouponsService({ repo }: { repo: CouponsRepository }) {
  return {
    async list(request: PageRequest): Promise<{ items: CouponDto[]; meta: PageMeta }> {
      const [records, total] = await Promise.all([repo.page(pageOffset(request)), repo.count()]);
      return { items: records.map(toCouponDto), meta: metaFor(request, total) };
    },

    async create(input: CouponInput): Promise<CouponDto> {
      const values = toValues(input, input.type) as CouponValues;
      assertConsistent(values);
      return toCouponDto(await guardUniqueCode(() => repo.insert(values)));
    },

    /** Changes only the fields given; a fixed value is read in the (new) type's unit. */
    async update(id: number, input: Partial<CouponInput>): Promise<CouponDto> {
      const current = await repo.find(id);
      if (!current) throw notFound();
      const type = input.type ?? current.type;
      if (input.type !== undefined && input.type !== current.type && input.value === undefined) {
        throw validationError({ value: ['Give the value again when changing the type.'] });
      }
      const changes = toValues(input, type);
      assertConsistent({ ...current, ...changes, type });
      const updated = await guardUniqueCode(() => repo.update(id, changes));
      if (!updated) throw notFound();
      return toCouponDto(updated);
    },

    /** The coupon stops applying to carts and orders; its history stays. */
    async deactivate(id: number): Promise<CouponDto> {
      const updated = await repo.update(id, { active: false });
      if (!updated) throw notFound();
      return toCouponDto(updated);
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
