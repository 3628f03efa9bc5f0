import { AppError } from '../../errors';
import type { CurrencyRow, ReferenceDataRepository } from './reference-data.repository';
import type { CurrencyDto } from './store-settings.schemas';

export function toCurrencyDto(row: CurrencyRow): CurrencyDto {
  return {
    code: row.code,
    name: row.name,
    symbol: row.symbol,
    exchange_rate: Number(row.exchangeRate),
    decimal_places: row.decimalPlaces,
    is_default: row.isDefault,
  };
}

/** The public currency reads (GET /currency, /currency/default). */
export function createCurrenciesService(deps: {
  reference: Pick<ReferenceDataRepository, 'currencies' | 'defaultCurrencyRow'>;
}) {
  return {
    async list(): Promise<CurrencyDto[]> {
      return (await deps.reference.currencies()).map(toCurrencyDto);
    },

    async default(): Promise<CurrencyDto> {
      const row = await deps.reference.defaultCurrencyRow();
      if (!row) throw new AppError('NOT_FOUND', 'No default currency is configured.');
      return toCurrencyDto(row);
    },
  };
}

export type CurrenciesService = ReturnType<typeof createCurrenciesService>;
