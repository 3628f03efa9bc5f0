import type { Executor } from '@storefront/db/client';
import { banners, currencies } from '@storefront/db/schema';
import { and, asc, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';

const bannerColumns = {
  id: banners.id,
  identifier: banners.identifier,
  title: banners.title,
  subtitle: banners.subtitle,
  imageUrl: banners.imageUrl,
  linkType: banners.linkType,
  linkValue: banners.linkValue,
  position: banners.position,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
};

const currencyColumns = {
  code: currencies.code,
  name: currencies.name,
  symbol: currencies.symbol,
  exchangeRate: currencies.exchangeRate,
  decimalPlaces: currencies.decimalPlaces,
  isDefault: currencies.isDefault,
};

/** Active and within [starts_at, ends_at) at `now` (open bounds allowed). */
function bannerShownAt(now: Date): SQL | undefined {
  return and(
    eq(banners.active, true),
    or(isNull(banners.startsAt), lte(banners.startsAt, now)),
    or(isNull(banners.endsAt), gt(banners.endsAt, now)),
  );
}

export function createContentRepository(db: Executor) {
  return {
    async activeBanners(now: Date) {
      return db
        .select(bannerColumns)
        .from(banners)
        .where(bannerShownAt(now))
        .orderBy(asc(banners.position), asc(banners.id));
    },

    async activeBanner(identifier: string, now: Date) {
      const [row] = await db
        .select(bannerColumns)
        .from(banners)
        .where(and(eq(banners.identifier, identifier), bannerShownAt(now)));
      return row;
    },

    async currencies() {
      return db
        .select(currencyColumns)
        .from(currencies)
        .orderBy(desc(currencies.isDefault), asc(currencies.position), asc(currencies.code));
    },

    async defaultCurrency() {
      const [row] = await db
        .select(currencyColumns)
        .from(currencies)
        .where(eq(currencies.isDefault, true));
      return row;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
