import { AppError } from '../../errors';
import type { Clock } from '../../ports';
import { toIsoOrNull } from '../../zod-helpers';
import type { ContentRepository } from './content.repository';
import type { BannerDto, CurrencyDto } from './content.schemas';

export interface ContentServiceDeps {
  repo: ContentRepository;
  clock: Clock;
}

type BannerRow = Awaited<ReturnType<ContentRepository['activeBanners']>>[number];
type CurrencyRow = Awaited<ReturnType<ContentRepository['currencies']>>[number];

export function toBannerDto(row: BannerRow): BannerDto {
  return {
    id: row.id,
    identifier: row.identifier,
    title: row.title,
    subtitle: row.subtitle,
    image_url: row.imageUrl,
    link_type: row.linkType,
    link_value: row.linkValue,
    position: row.position,
    starts_at: toIsoOrNull(row.startsAt),
    ends_at: toIsoOrNull(row.endsAt),
  };
}

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

export function createContentService({ repo, clock }: ContentServiceDeps) {
  return {
    async banners() {
      return (await repo.activeBanners(clock.now())).map(toBannerDto);
    },

    async banner(identifier: string) {
      const row = await repo.activeBanner(identifier, clock.now());
      if (!row) throw new AppError('NOT_FOUND', 'Banner not found.');
      return toBannerDto(row);
    },

    async currencies() {
      return (await repo.currencies()).map(toCurrencyDto);
    },

    async defaultCurrency() {
      const row = await repo.defaultCurrency();
      if (!row) throw new AppError('NOT_FOUND', 'No default currency is configured.');
      return toCurrencyDto(row);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
