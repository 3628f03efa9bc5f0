import type { CountCache } from '../../count-cache';
import { pageMeta } from '../../envelope';
import { AppError, validationError } from '../../errors';
import type { Clock } from '../../ports';
import type { CatalogRepository, ProductFilter } from './catalog.repository';
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
import type { ProductDetailRow } from './product-details.repository';

export interface CatalogServiceDeps {
  repo: CatalogRepository;
  clock: Clock;
  /** Recent list totals; without it every page is counted. */
  counts?: CountCache;
  /** The currency prices are shown in (store-settings' cached read). */
  defaultCurrency: DefaultCurrency;
}

const RELATED_LIMIT = 10;

/** A product's detail DTO from its row (one product's statement, or many's). */
function toDetail(row: ProductDetailRow, currency: string): ProductDetailDto {
  const attributes: ProductDetailDto['attributes'] = [];
  for (const value of row.attributeRows) {
    const last = attributes.at(-1);
    if (last?.code === value.code) last.values.push(value.value);
    else attributes.push({ code: value.code, name: value.name, values: [value.value] });
  }
  return {
    ...toProductSummaryDto(row, currency),
    description: row.description,
    images: row.images.map(({ url, alt }) => ({ url, alt })),
    categories: row.categories.map(({ id, name, slug }) => ({ id, name, slug })),
    variants: row.type === 'configurable' ? row.variants.map(toVariantDto) : [],
    attributes,
    recent_reviews: row.reviews.map(toReviewDto),
    meta: {
      title: row.metaTitle ?? row.name,
      description: row.metaDescription ?? row.shortDescription,
      keywords: row.metaKeywords ?? '',
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
    const [row, currency] = await Promise.all([
      repo.findVisibleProduct(id, clock.now()),
      defaultCurrency(),
    ]);
    return row && toDetail(row, currency);
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
     * Many visible products' details in one statement (the change feed's pages); unknown or
     * inactive ids are absent from the map.
     */
    async findProducts(ids: number[]): Promise<Map<number, ProductDetailDto>> {
      const [rows, currency] = await Promise.all([
        repo.visibleProductDetails(ids, clock.now()),
        defaultCurrency(),
      ]);
      return new Map(rows.map((row) => [row.id, toDetail(row, currency)]));
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
