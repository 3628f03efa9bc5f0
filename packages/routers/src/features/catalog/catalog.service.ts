import type { CountCache } from '../../count-cache';
import { pageMeta } from '../../envelope';
import { AppError, validationError } from '../../errors';
import type { Clock } from '../../ports';
import type { CatalogRepository, ProductFilter } from './catalog.repository';
import type { PageInput, ProductDetailDto, ProductListInput } from './catalog.schemas';
import {
  toCategoryDto,
  toCategoryTree,
  toProductSummaryDto,
  toReviewDto,
  toVariantDto,
} from './product.dto';
import { productWhere } from './product-columns.repository';

export interface CatalogServiceDeps {
  repo: CatalogRepository;
  clock: Clock;
  /** Recent list totals; without it every page is counted. */
  counts?: CountCache;
}

const RECENT_REVIEWS = 5;
const RELATED_LIMIT = 10;

export function createCatalogService({ repo, clock, counts }: CatalogServiceDeps) {
  /** One page of visible products: the page and the (possibly recent) total side by side. */
  async function productPage(filter: ProductFilter, input: PageInput) {
    const now = clock.now();
    const count = () => repo.countProducts(productWhere(filter, now));
    const [records, total] = await Promise.all([
      repo.list({
        filter,
        sort: input.sort,
        limit: input.per_page,
        offset: (input.page - 1) * input.per_page,
        now,
      }),
      counts ? counts.get(`products:${JSON.stringify(filter)}`, count) : count(),
    ]);
    return {
      items: records.map(toProductSummaryDto),
      meta: pageMeta(input.page, input.per_page, total),
    };
  }

  async function newestProducts(filter: ProductFilter, limit: number) {
    const records = await repo.list({ filter, sort: 'newest', limit, now: clock.now() });
    return records.map(toProductSummaryDto);
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
      const product = await this.findProduct(id);
      if (!product) throw new AppError('NOT_FOUND', 'Product not found.');
      return product;
    },

    /** The visible product's detail, or undefined when it is unknown or inactive. */
    async findProduct(id: number): Promise<ProductDetailDto | undefined> {
      const now = clock.now();
      const record = await repo.findVisibleProduct(id, now);
      if (!record) return undefined;
      const [images, categories, variants, attributeRows, reviews] = await Promise.all([
        repo.images(id),
        repo.productCategories(id),
        repo.variants(id, now),
        repo.attributeValues(id),
        repo.recentReviews(id, RECENT_REVIEWS),
      ]);
      const attributes: ProductDetailDto['attributes'] = [];
      for (const row of attributeRows) {
        const last = attributes.at(-1);
        if (last?.code === row.code) last.values.push(row.value);
        else attributes.push({ code: row.code, name: row.name, values: [row.value] });
      }
      return {
        ...toProductSummaryDto(record),
        description: record.description,
        images,
        categories,
        variants: record.type === 'configurable' ? variants.map(toVariantDto) : [],
        attributes,
        recent_reviews: reviews.map(toReviewDto),
        meta: {
          title: record.metaTitle ?? record.name,
          description: record.metaDescription ?? record.shortDescription,
          keywords: record.metaKeywords ?? '',
        },
      };
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
