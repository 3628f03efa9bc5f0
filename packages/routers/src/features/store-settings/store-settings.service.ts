import { AppError, validationError } from '../../errors';
import { amountToCents, centsToAmount, centsToAmountOrNull } from '../../money';
import { uniqueField } from '../../unique-violations';
import { toIso } from '../../zod-helpers';
import { toCurrencyDto } from './currencies.service';
import type { ShippingMethodRecord } from './reference-data.repository';
import type {
  CurrencyInput,
  CurrencyUpdateInput,
  ShippingMethodInput,
} from './store-settings.admin.schemas';
import type {
  AdminCurrencyRecord,
  CurrencyValues,
  ShippingMethodValues,
  StoreSettingsRepository,
} from './store-settings.repository';

export function toAdminShippingMethodDto(method: ShippingMethodRecord) {
  return {
    code: method.code,
    name: method.name,
    description: method.description,
    rate: centsToAmount(method.rateCents),
    min_subtotal: centsToAmountOrNull(method.minSubtotalCents),
    active: method.active,
    position: method.position,
    updated_at: toIso(method.updatedAt),
  };
}

export function toAdminCurrencyDto(currency: AdminCurrencyRecord) {
  return { ...toCurrencyDto(currency), position: currency.position };
}

const currencyNotFound = () => new AppError('NOT_FOUND', 'Currency not found.');
const shippingNotFound = () => new AppError('NOT_FOUND', 'Shipping method not found.');

/** API fields of a shipping method → stored columns; only the fields given. */
function toShippingValues(
  input: Partial<Omit<ShippingMethodInput, 'code'>>,
): Partial<Omit<ShippingMethodValues, 'code'>> {
  const values: Partial<Omit<ShippingMethodValues, 'code'>> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.rate !== undefined) values.rateCents = amountToCents(input.rate);
  if (input.min_subtotal !== undefined) {
    values.minSubtotalCents =
      input.min_subtotal === null ? null : amountToCents(input.min_subtotal);
  }
  if (input.active !== undefined) values.active = input.active;
  if (input.position !== undefined) values.position = input.position;
  return values;
}

/** API fields of a currency → stored columns; only the fields given. */
function toCurrencyValues(input: CurrencyUpdateInput): Partial<Omit<CurrencyValues, 'code'>> {
  const values: Partial<Omit<CurrencyValues, 'code'>> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.symbol !== undefined) values.symbol = input.symbol;
  if (input.exchange_rate !== undefined) values.exchangeRate = input.exchange_rate;
  if (input.decimal_places !== undefined) values.decimalPlaces = input.decimal_places;
  if (input.position !== undefined) values.position = input.position;
  return values;
}

/**
 * Store settings: currencies and shipping methods (tax is the tax slice's). Checkout offers and
 * accepts only active methods; the storefront reads currencies on every request; so changes apply
 * to the next request.
 */
export function createStoreSettingsService({ repo }: { repo: StoreSettingsRepository }) {
  async function updateShippingMethod(
    code: string,
    input: Partial<Omit<ShippingMethodInput, 'code'>>,
  ) {
    const updated = await repo.updateShippingMethod(code, toShippingValues(input));
    if (!updated) throw shippingNotFound();
    return toAdminShippingMethodDto(updated);
  }

  return {
    async shippingMethods() {
      return (await repo.shippingMethods()).map(toAdminShippingMethodDto);
    },

    async createShippingMethod(input: ShippingMethodInput) {
      const created = await uniqueField(
        () =>
          repo.insertShippingMethod({
            code: input.code,
            ...toShippingValues(input),
          } as ShippingMethodValues),
        'code',
        'A shipping method with this code already exists.',
      );
      return toAdminShippingMethodDto(created);
    },

    updateShippingMethod,

    /** No longer offered or accepted at checkout; orders that used it keep its name and cost. */
    deactivateShippingMethod(code: string) {
      return updateShippingMethod(code, { active: false });
    },

    async currencies() {
      return (await repo.currencies()).map(toAdminCurrencyDto);
    },

    /** A currency the app can display; never the default (prices are stored in that one). */
    async createCurrency(input: CurrencyInput) {
      const created = await uniqueField(
        () =>
          repo.insertCurrency({
            code: input.code,
            ...toCurrencyValues(input),
          } as CurrencyValues),
        'code',
        'A currency with this code already exists.',
      );
      return toAdminCurrencyDto(created);
    },

    /** Changes only the fields given; the default currency's rate stays 1 by definition. */
    async updateCurrency(code: string, input: CurrencyUpdateInput) {
      const current = await repo.currency(code);
      if (!current) throw currencyNotFound();
      if (current.isDefault && input.exchange_rate !== undefined && input.exchange_rate !== 1) {
        throw validationError({
          exchange_rate: ['The default currency’s exchange rate is always 1.'],
        });
      }
      const updated = await repo.updateCurrency(code, toCurrencyValues(input));
      if (!updated) throw currencyNotFound();
      return toAdminCurrencyDto(updated);
    },

    /** Orders keep their currency code; the default currency cannot be removed. */
    async deleteCurrency(code: string): Promise<null> {
      const current = await repo.currency(code);
      if (!current) throw currencyNotFound();
      if (current.isDefault || !(await repo.deleteCurrency(code))) {
        throw validationError(
          { code: ['The default currency cannot be removed: prices are stored in it.'] },
          'The default currency cannot be removed.',
        );
      }
      return null;
    },
  };
}

export type StoreSettingsService = ReturnType<typeof createStoreSettingsService>;
