import type { Executor } from '@storefront/db/client';
import { banners } from '@storefront/db/schema';
import { and, asc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';

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
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
