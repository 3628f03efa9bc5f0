import type { CountCache } from '../../count-cache';
import { pageMeta } from '../../envelope';
import { AppError, validationError } from '../../errors';
import type { Clock } from '../../ports';
import type {
  CatalogRepository,
  ProductDetailRecord,
  ProductFilter,
  VariantRecord,
} from './catalog.repository';
import type { PageInput, ProductDetailDto, ProductListInput } from './catalog.schemas';
import {
  type DefaultCurrency,
  toCategoryDto,
  toCategoryTree,
  toProductSummaryDto,
  toReviewDto,
  toVariantDto,
} from './product.dto';
import { productWhere } from './product-columns.repository';
import { RECENT_REVIEWS_PER_PRODUCT, type ReviewRecord } from './product-reviews';

export interface CatalogServiceDeps {
  repo: CatalogRepository;
  clock: Clock;
  /** Recent list totals; without it every page is counted. */
  counts?: CountCache;
  /** The currency prices are shown in (store-settings' cached read). */
  defaultCurrency: DefaultCurrency;
}

const RECENT_REVIEWS = RECENT_REVIEWS_PER_PRODUCT;
const RELATED_LIMIT = 10;

/** A product's detail DTO from its record and parts (one product's queries, or many's). */
function toDetail(
  record: ProductDetailRecord,
  parts: {
    images: { url: string; alt: string }[];
    categories: { id: number; name: string; slug: string }[];
    variants: VariantRecord[];
    attributeRows: { code: string; name: string; value: string }[];
    reviews: ReviewRecord[];
  },
  currency: string,
): ProductDetailDto {
  const attributes: ProductDetailDto['attributes'] = [];
  for (const row of parts.attributeRows) {
    const last = attributes.at(-1);
    if (last?.code === row.code) last.values.push(row.value);
    else attributes.push({ code: row.code, name: row.name, values: [row.value] });
  }
  return {
    ...toProductSummaryDto(record, currency),
    description: record.description,
    images: parts.images,
    categories: parts.categories,
    variants: record.type === 'configurable' ? parts.variants.map(toVariantDto) : [],
    attributes,
    recent_reviews: parts.reviews.map(toReviewDto),
    meta: {
      title: record.metaTitle ?? record.name,
      description: record.metaDescription ?? record.shortDescription,
      keywords: record.metaKeywords ?? '',
    },
  };
}

export function createCatalogService({ repo, clock, counts, defaultCurrency }: CatalogServiceDeps) {
  /** One page of visible products: the page and the (possibly recent) total side by side. */
  async function productPage(filter: ProductFilter, input: PageInput) {
    const now = clock.now();
    const count = () => repo.countProducts(productWhere(filter, now));
    const [records, total, currency] = await Promise.all([
      repo.list({
        filter,
        sort: input.sort,
        limit: input.per_page,
        offset: (input.page - 1) * input.per_page,
        now,
      }),
      counts ? counts.get(`products:${JSON.stringify(filter)}`, count) : count(),
      defaultCurrency(),
    ]);
    return {
      items: records.map((record) => toProductSummaryDto(record, currency)),
      meta: pageMeta(input.page, input.per_page, total),
    };
  }

  async function newestProducts(filter: ProductFilter, limit: number) {
    const [records, currency] = await Promise.all([
      repo.list({ filter, sort: 'newest', limit, now: clock.now() }),
      defaultCurrency(),
    ]);
    return records.map((record) => toProductSummaryDto(record, currency));
  }

  /** The category of a path and its descendants; 404 when it does not exist. */
  async function requireCategory(id: number): Promise<number[]> {
    const ids = await repo.categorySubtreeIds(id);
    if (ids.length === 0) throw new AppError('NOT_FOUND', 'Category not found.');
    return ids;
  }

  /** The same for a `category_id` query filter: unknown is a validation error (docs/contract.md §2). */
  async function requireCategoryFilter(id: number): Promise<number[]> {
    const ids = await repo.categorySubtreeIds(id);
    if (ids.length === 0) {
      throw validationError({ category_id: ['The selected category does not exist.'] });
    }
    return ids;
  }

  /** The visible product's detail, or undefined when it is unknown or inactive. */
  async function findProduct(id: number): Promise<ProductDetailDto | undefined> {
    const now = clock.now();
    const record = await repo.findVisibleProduct(id, now);
    if (!record) return undefined;
    const [images, categories, variants, attributeRows, reviews, currency] = await Promise.all([
      repo.images(id),
      repo.productCategories(id),
      repo.variants(id, now),
      repo.attributeValues(id),
      repo.recentReviews(id, RECENT_REVIEWS),
      defaultCurrency(),
    ]);
    return toDetail(
      record,
      {
        images: images.map(({ url, alt }) => ({ url, alt })),
        categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
        variants,
        attributeRows,
        reviews,
      },
      currency,
    );
  }

  return {
    requireCategoryFilter,

    async listProducts(input: ProductListInput) {
      const filter: ProductFilter =
        input.category_id === undefined
          ? {}
          : { categoryIds: await requireCategoryFilter(input.category_id) };
      return productPage(filter, input);
    },

    onSale: (input: PageInput) => productPage({ onSale: true }, input),

    featured: (limit: number) => newestProducts({ featured: true }, limit),

    newArrivals: (limit: number) => newestProducts({}, limit),

    async related(productId: number) {
      if (!(await repo.productExists(productId))) {
        throw new AppError('NOT_FOUND', 'Product not found.');
      }
      return newestProducts({ relatedTo: productId }, RELATED_LIMIT);
    },

    async product(id: number): Promise<ProductDetailDto> {
      const product = await findProduct(id);
      if (!product) throw new AppError('NOT_FOUND', 'Product not found.');
      return product;
    },

    findProduct,

    /**
     * Many visible products' details in six queries (the change feed's pages); unknown or
     * inactive ids are absent from the map.
     */
    async findProducts(ids: number[]): Promise<Map<number, ProductDetailDto>> {
      const [parts, currency] = await Promise.all([
        repo.visibleProductDetails(ids, clock.now()),
        defaultCurrency(),
      ]);
      const byProduct = <T extends { productId: number }>(rows: T[]) => {
        const grouped = new Map<number, T[]>();
        for (const row of rows) {
          const list = grouped.get(row.productId);
          if (list) list.push(row);
          else grouped.set(row.productId, [row]);
        }
        return grouped;
      };
      const images = byProduct(parts.images);
      const categories = byProduct(parts.categories);
      const variants = byProduct(parts.variants);
      const attributes = byProduct(parts.attributes);
      const reviews = byProduct(parts.reviews);
      const details = new Map<number, ProductDetailDto>();
      for (const record of parts.products) {
        details.set(
          record.id,
          toDetail(
            record,
            {
              images: (images.get(record.id) ?? []).map(({ url, alt }) => ({ url, alt })),
              categories: (categories.get(record.id) ?? []).map(({ id, name, slug }) => ({
                id,
                name,
                slug,
              })),
              variants: variants.get(record.id) ?? [],
              attributeRows: attributes.get(record.id) ?? [],
              reviews: reviews.get(record.id) ?? [],
            },
            currency,
          ),
        );
      }
      return details;
    },

    async categories() {
      return (await repo.categories()).map(toCategoryDto);
    },

    async categoryTree() {
      return toCategoryTree(await repo.categoryNodes());
    },

    async category(id: number) {
      const [record] = await repo.categories(id);
      if (!record) throw new AppError('NOT_FOUND', 'Category not found.');
      return toCategoryDto(record);
    },

    async categoryProducts(id: number, input: PageInput) {
      return productPage({ categoryIds: await requireCategory(id) }, input);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
