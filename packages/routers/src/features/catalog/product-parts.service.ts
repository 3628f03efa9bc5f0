import { randomBytes } from 'node:crypto';
import type { CountCache } from '../../count-cache';
import { AppError, validationError } from '../../errors';
import { assertImageSize, reencodeImage } from '../../image-upload';
import { amountToCents } from '../../money';
import type { FileStorage } from '../../ports';
import type { InTransaction } from '../../transactions';
import type {
  ImageAddInput,
  ImageUpdateInput,
  ImageUploadInput,
  VariantAddInput,
  VariantUpdateInput,
} from './catalog.admin.schemas';
import { productNotFound } from './catalog.errors';
import type { AdminProductRecord, CatalogAdminRepository } from './catalog-admin.repository';
import {
  assertPricing,
  assertSkuFree,
  type CatalogAdminService,
  toVariantSeed,
} from './catalog-admin.service';
import type {
  ImageValues,
  ProductPartsRepository,
  VariantValues,
} from './product-parts.repository';

export interface ProductPartsRepos {
  parts: ProductPartsRepository;
  products: CatalogAdminRepository;
}

export interface ProductPartsServiceDeps {
  inTransaction: InTransaction<ProductPartsRepos>;
  /** The back office's view of the product (with its images and variants), after a write. */
  readProduct: CatalogAdminService['get'];
  /** The catalogue's list totals: forgotten after every write, as for the product row. */
  counts: CountCache;
  /** The file store avatars use (UploadThing or $DATA_DIR/uploads): uploaded product images. */
  imageStorage: FileStorage;
  reportBackgroundError?: (error: unknown) => void;
}

/** An uploaded product image is stored as a WebP of at most this many pixels a side. */
export const PRODUCT_IMAGE_SIZE = 1600;

const imageNotFound = () => new AppError('NOT_FOUND', 'Image not found.');
const variantNotFound = () => new AppError('NOT_FOUND', 'Variant not found.');

/** API fields of an image → stored columns; only the fields given. */
function toImageValues(input: ImageUpdateInput): Partial<ImageValues> {
  const values: Partial<ImageValues> = {};
  if (input.url !== undefined) values.url = input.url;
  if (input.alt !== undefined) values.alt = input.alt;
  if (input.position !== undefined) values.position = input.position;
  return values;
}

/** API fields of a variant → stored columns; only the fields given. */
function toVariantValues(input: VariantUpdateInput): Partial<VariantValues> {
  const values: Partial<VariantValues> = {};
  if (input.sku !== undefined) values.sku = input.sku;
  if (input.name !== undefined) values.name = input.name;
  if (input.price !== undefined) values.priceCents = amountToCents(input.price);
  if (input.special_price !== undefined) {
    values.specialPriceCents =
      input.special_price === null ? null : amountToCents(input.special_price);
  }
  if (input.stock !== undefined) values.stockQuantity = input.stock;
  if (input.options !== undefined) values.options = input.options;
  if (input.position !== undefined) values.position = input.position;
  return values;
}

/**
 * A product's images and variants. Every write runs in one transaction with the product row
 * (its updated_at records the change), then the count cache is cleared: the storefront's lists,
 * detail and cart read images, variant prices and stock straight from these tables.
 */
export function createProductPartsService({
  inTransaction,
  readProduct,
  counts,
  imageStorage,
  reportBackgroundError,
}: ProductPartsServiceDeps) {
  const discard = (url: string) =>
    imageStorage.delete(url).catch(reportBackgroundError ?? (() => {}));

  /** Runs `work` on an existing product and answers with the product as it is afterwards. */
  async function onProduct(
    productId: number,
    work: (repos: ProductPartsRepos, product: AdminProductRecord) => Promise<void>,
  ) {
    await inTransaction(async (repos) => {
      const product = await repos.products.findProduct(productId);
      if (!product) throw productNotFound();
      await work(repos, product);
      await repos.products.touchProduct(productId);
    });
    counts.clear();
    return readProduct(productId);
  }

  /** Variants belong to configurable products; a simple product has its own price and stock. */
  function assertConfigurable(product: AdminProductRecord) {
    if (product.type !== 'configurable') {
      throw validationError({ product_id: ['Only a configurable product has variants.'] });
    }
  }

  async function assertOptionsFree(
    parts: ProductPartsRepository,
    productId: number,
    options: Record<string, string>,
    exceptVariantId?: number,
  ) {
    if (await parts.optionsTaken(productId, options, exceptVariantId)) {
      throw validationError({ options: ['Another variant of this product has these options.'] });
    }
  }

  /** Appended after the last image unless a position is given. */
  function addImage(productId: number, input: Omit<ImageAddInput, 'product_id'>) {
    return onProduct(productId, async ({ parts }, product) => {
      await parts.insertImage(productId, {
        url: input.url,
        alt: input.alt ?? product.name,
        position: input.position ?? (await parts.nextImagePosition(productId)),
      });
    });
  }

  return {
    addImage,

    /**
     * An uploaded file, checked and re-encoded like an avatar (image-upload.ts), stored, then
     * appended; the stored file goes again when the product is gone or the write fails.
     */
    async uploadImage(productId: number, input: Omit<ImageUploadInput, 'product_id'>) {
      const bytes = Buffer.from(input.image_base64, 'base64');
      assertImageSize(bytes, 'image_base64');
      const webp = await reencodeImage(bytes, {
        maxSide: PRODUCT_IMAGE_SIZE,
        field: 'image_base64',
      });
      const key = `products/${productId}-${randomBytes(8).toString('hex')}.webp`;
      const stored = await imageStorage.save({ key, bytes: webp, contentType: 'image/webp' });
      try {
        return await addImage(productId, { url: stored.url, alt: input.alt });
      } catch (error) {
        await discard(stored.url);
        throw error;
      }
    },

    updateImage(productId: number, imageId: number, input: ImageUpdateInput) {
      return onProduct(productId, async ({ parts }) => {
        if (!(await parts.updateImage(productId, imageId, toImageValues(input)))) {
          throw imageNotFound();
        }
      });
    },

    /** An uploaded file goes with its row; a URL the store did not hand out is left alone. */
    async removeImage(productId: number, imageId: number) {
      let removedUrl: string | undefined;
      const product = await onProduct(productId, async ({ parts, products }) => {
        removedUrl = (await products.images(productId)).find((i) => i.id === imageId)?.url;
        if (!(await parts.deleteImage(productId, imageId))) throw imageNotFound();
      });
      if (removedUrl) await discard(removedUrl);
      return product;
    },

    /** `imageIds` must list every image of the product once; the first becomes the main image. */
    reorderImages(productId: number, imageIds: number[]) {
      return onProduct(productId, async ({ parts, products }) => {
        const current = (await products.images(productId)).map((image) => image.id);
        const given = new Set(imageIds);
        if (
          given.size !== imageIds.length ||
          given.size !== current.length ||
          !current.every((id) => given.has(id))
        ) {
          throw validationError({
            image_ids: ['List every image of the product exactly once.'],
          });
        }
        await parts.setImageOrder(productId, imageIds);
      });
    },

    /** A new variant of a configurable product: own SKU, options, price and stock. */
    addVariant(productId: number, input: VariantAddInput) {
      return onProduct(productId, async ({ parts, products }, product) => {
        assertConfigurable(product);
        const seed = toVariantSeed(input);
        assertPricing(seed);
        await assertSkuFree(products, input.sku, 'sku');
        await assertOptionsFree(parts, productId, input.options);
        const position = input.position ?? (await parts.nextVariantPosition(productId));
        await parts.insertVariant(productId, { ...seed, position });
        await parts.syncVariantAttributes(productId, Object.keys(input.options));
      });
    },

    /** Changes only the fields given; the price rule is checked against the stored variant. */
    updateVariant(productId: number, variantId: number, input: VariantUpdateInput) {
      return onProduct(productId, async ({ parts, products }) => {
        const current = (await products.variants(productId)).find((v) => v.id === variantId);
        if (!current) throw variantNotFound();
        const changes = toVariantValues(input);
        assertPricing({ ...current, ...changes });
        if (input.sku !== undefined) await assertSkuFree(products, input.sku, 'sku', variantId);
        if (input.options !== undefined) {
          await assertOptionsFree(parts, productId, input.options, variantId);
        }
        await parts.updateVariant(productId, variantId, changes);
        if (input.options !== undefined) {
          const codes = new Set([...Object.keys(current.options), ...Object.keys(input.options)]);
          await parts.syncVariantAttributes(productId, [...codes]);
        }
      });
    },

    /**
     * Removes the variant: carts lose its lines, orders keep their copy of it. The product's
     * options shrink to what its remaining variants use.
     */
    removeVariant(productId: number, variantId: number) {
      return onProduct(productId, async ({ parts }) => {
        const variant = await parts.variant(productId, variantId);
        if (!variant) throw variantNotFound();
        await parts.deleteVariant(productId, variantId);
        await parts.syncVariantAttributes(productId, Object.keys(variant.options));
      });
    },
  };
}

export type ProductPartsService = ReturnType<typeof createProductPartsService>;
