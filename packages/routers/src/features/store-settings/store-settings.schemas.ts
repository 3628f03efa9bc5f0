import { z } from 'zod';
import { envelope } from '../../envelope';

/* The storefront's view of the store settings: the currencies prices can be shown in. */

export const ZCurrency = z
  .object({
    code: z.string(),
    name: z.string(),
    symbol: z.string(),
    exchange_rate: z.number().meta({ description: 'Units of this currency per default unit' }),
    decimal_places: z.number().int(),
    is_default: z.boolean(),
  })
  .meta({ id: 'Currency' });
export type CurrencyDto = z.infer<typeof ZCurrency>;

export const ZCurrencyOutput = envelope(ZCurrency);
export const ZCurrencyListOutput = envelope(z.array(ZCurrency));
