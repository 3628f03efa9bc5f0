import { validationError } from '../../errors';
import { centsToAmount } from '../../money';
import type { Clock } from '../../ports';
import type { ServiceabilityDto, ServiceabilityInput } from './delivery.schemas';
import { estimateDelivery, localDateAndHour } from './delivery-dates';
import type { DeliverySettingsRecord } from './delivery-settings.repository';
import { postcodeProblem } from './postcode-format';
import { normalisePostcode } from './rules-csv';
import type { ServiceabilityProvider } from './serviceability-provider';

/** A shipping method as the storefront offers it (store-settings' active methods). */
export interface OfferedShippingMethod {
  code: string;
  name: string;
  rateCents: number;
}

export interface ServiceabilityDeps {
  provider: ServiceabilityProvider;
  settings: () => Promise<DeliverySettingsRecord>;
  shippingMethods: () => Promise<OfferedShippingMethod[]>;
  /** A product's (or a variant's product's) ships_in_days; undefined: no such active product. */
  shipsInDays: (item: {
    productId?: number | undefined;
    variantId?: number | undefined;
  }) => Promise<{ shipsInDays: number } | undefined>;
  /** The products in a customer's cart: the promise for the cart takes its latest line. */
  cartProductIds: (userId: number) => Promise<number[]>;
  /** The largest ships_in_days among products. */
  latestShipsInDays: (productIds: readonly number[]) => Promise<number>;
  clock: Clock;
  timeZone: string;
  /** The shop's country, for postcodes given without one. */
  country: string;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The delivery promise for a postcode: GET /serviceability. */
export function createServiceabilityService(deps: ServiceabilityDeps) {
  /** 422 naming `postcode` when it is not one of `country`'s. */
  function checkedPostcode(postcode: string, country: string | undefined): string {
    const problem = postcodeProblem(country ?? deps.country, postcode);
    if (problem) throw validationError({ postcode: [problem] });
    return normalisePostcode(postcode);
  }

  async function promise(
    postcode: string,
    shipsInDays: number,
  ): Promise<ServiceabilityDto & { postcodeCod: boolean }> {
    const settings = await deps.settings();
    const answer = await deps.provider.check({
      postcode,
      cod: settings.codEnabled,
      weightGrams: 500,
    });
    const now = deps.clock.now();
    const codAvailable = answer.deliverable === true && settings.codEnabled && answer.cod;
    // An unknown answer (the courier did not say in time) promises no dates.
    const window =
      answer.deliverable !== true
        ? null
        : estimateDelivery(
            now,
            {
              timeZone: deps.timeZone,
              cutoffHour: settings.cutoffHour,
              holidays: settings.holidays,
            },
            {
              dispatchDays: settings.dispatchDays,
              shipsInDays,
              minDays: answer.minDays,
              maxDays: answer.maxDays,
            },
          );
    const today = localDateAndHour(now, deps.timeZone).date;
    // Unknown still lists the methods: checkout goes on without a promise.
    const methods = answer.deliverable === false ? [] : await deps.shippingMethods();
    return {
      postcode,
      deliverable: answer.deliverable,
      cod_available: codAvailable,
      estimated_delivery: window,
      shipping_methods: methods.map((method) => ({
        code: method.code,
        name: method.name,
        price: centsToAmount(method.rateCents),
        cod: codAvailable,
        estimated_days: window && {
          min: daysBetween(today, window.min_date),
          max: daysBetween(today, window.max_date),
        },
      })),
      // The rule's (or courier's) own COD answer, before the shop's COD settings.
      postcodeCod: answer.cod,
      reason:
        answer.deliverable === false
          ? 'not_serviceable'
          : answer.deliverable === null
            ? 'unknown'
            : !settings.codEnabled
              ? 'disabled'
              : !answer.cod
                ? 'postcode'
                : null,
    };
  }

  return {
    checkedPostcode,

    /**
     * For a product, a variant, the signed-in customer's cart (`userId`, no product), or nothing
     * in particular (dispatch days only).
     */
    async check(input: ServiceabilityInput, userId?: number): Promise<ServiceabilityDto> {
      const postcode = checkedPostcode(input.postcode, input.country);
      let shipsInDays = 0;
      if (input.product_id === undefined && input.variant_id === undefined) {
        if (userId !== undefined) {
          shipsInDays = await deps.latestShipsInDays(await deps.cartProductIds(userId));
        }
      } else {
        const product = await deps.shipsInDays({
          productId: input.product_id,
          variantId: input.variant_id,
        });
        if (!product) {
          const field = input.product_id !== undefined ? 'product_id' : 'variant_id';
          throw validationError({ [field]: ['No such product.'] });
        }
        shipsInDays = product.shipsInDays;
      }
      const { postcodeCod: _cod, ...dto } = await promise(postcode, shipsInDays);
      return dto;
    },

    /**
     * The promise for a cart's address (checkout): no format check, an address already
     * saved is not refused for its shape; its latest line's ships_in_days counts.
     */
    forCart: (postcode: string, shipsInDays: number) =>
      promise(normalisePostcode(postcode), shipsInDays),
  };
}

export type ServiceabilityService = ReturnType<typeof createServiceabilityService>;
