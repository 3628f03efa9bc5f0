import { AppError } from '../../errors';
import type { Clock } from '../../ports';
import { toIsoOrNull } from '../../zod-helpers';
import type { ContentRepository } from './content.repository';
import type { BannerDto } from './content.schemas';

export interface ContentServiceDeps {
  repo: ContentRepository;
  clock: Clock;
}

type BannerRow = Awaited<ReturnType<ContentRepository['activeBanners']>>[number];

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
  };
}

export type ContentService = ReturnType<typeof createContentService>;
