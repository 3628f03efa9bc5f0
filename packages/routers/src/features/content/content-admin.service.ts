import { AppError, validationError } from '../../errors';
import { uniqueField } from '../../unique-violations';
import { bannerLinkMessage, isAppLink, isWebLink, parseIdString, toIso } from '../../zod-helpers';
import type { BannerInput, BannerUpdateInput } from './content.admin.schemas';
import { toBannerDto } from './content.service';
import type {
  AdminBannerRecord,
  BannerValues,
  ContentAdminRepository,
} from './content-admin.repository';

export function toAdminBannerDto(banner: AdminBannerRecord) {
  return {
    ...toBannerDto(banner),
    active: banner.active,
    created_at: toIso(banner.createdAt),
    updated_at: toIso(banner.updatedAt),
  };
}

const bannerNotFound = () => new AppError('NOT_FOUND', 'Banner not found.');
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** API fields of a banner → stored columns; only the fields given. */
function toBannerValues(input: BannerUpdateInput): Partial<BannerValues> {
  const values: Partial<BannerValues> = {};
  if (input.identifier !== undefined) values.identifier = input.identifier;
  if (input.title !== undefined) values.title = input.title;
  if (input.subtitle !== undefined) values.subtitle = input.subtitle;
  if (input.image_url !== undefined) values.imageUrl = input.image_url;
  if (input.link_type !== undefined) values.linkType = input.link_type;
  if (input.link_value !== undefined) values.linkValue = input.link_value;
  if (input.position !== undefined) values.position = input.position;
  if (input.starts_at !== undefined) values.startsAt = dateOrNull(input.starts_at);
  if (input.ends_at !== undefined) values.endsAt = dateOrNull(input.ends_at);
  if (input.active !== undefined) values.active = input.active;
  return values;
}

const identifierTaken = <T>(work: () => Promise<T>) =>
  uniqueField(work, 'identifier', 'A banner with this identifier already exists.');

/**
 * Back-office banners. The storefront reads the table on every request (no cache), so GET
 * /banners shows a change at once.
 */
export function createContentAdminService({ repo }: { repo: ContentAdminRepository }) {
  /** The rules a banner must satisfy as a whole (after merging an update into the stored one). */
  async function assertBanner(banner: {
    linkType?: BannerValues['linkType'];
    linkValue?: string | null | undefined;
    startsAt?: Date | null | undefined;
    endsAt?: Date | null | undefined;
  }) {
    if (banner.startsAt && banner.endsAt && banner.endsAt <= banner.startsAt) {
      throw validationError({ ends_at: ['Must be after starts_at.'] });
    }
    const value = banner.linkValue ?? null;
    switch (banner.linkType ?? 'none') {
      case 'none':
        if (value !== null)
          throw validationError({ link_value: ['Must be null for link_type none.'] });
        return;
      case 'url':
        // A web page, or a deep link into the app itself (APP_LINK_SCHEMES): nothing else.
        if (value === null || !(isWebLink(value) || isAppLink(value))) {
          throw validationError({ link_value: [bannerLinkMessage()] });
        }
        return;
      case 'product':
      case 'category': {
        const type = banner.linkType as 'product' | 'category';
        const id = value === null ? undefined : parseIdString(value);
        if (id === undefined || !(await repo.linkTargetExists(type, id))) {
          throw validationError({ link_value: [`Must be the id of an existing ${type}.`] });
        }
        return;
      }
    }
  }

  return {
    async banners() {
      return (await repo.banners()).map(toAdminBannerDto);
    },

    async createBanner(input: BannerInput) {
      const values = toBannerValues(input) as BannerValues;
      await assertBanner(values);
      return toAdminBannerDto(await identifierTaken(() => repo.insertBanner(values)));
    },

    /** Changes only the fields given; the link and the window are checked as a whole. */
    async updateBanner(id: number, input: BannerUpdateInput) {
      const current = await repo.banner(id);
      if (!current) throw bannerNotFound();
      const changes = toBannerValues(input);
      await assertBanner({ ...current, ...changes });
      const updated = await identifierTaken(() => repo.updateBanner(id, changes));
      if (!updated) throw bannerNotFound();
      return toAdminBannerDto(updated);
    },

    async deleteBanner(id: number): Promise<null> {
      if (!(await repo.deleteBanner(id))) throw bannerNotFound();
      return null;
    },
  };
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
