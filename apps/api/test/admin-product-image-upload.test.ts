import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { APP_URL, expectFieldError, trpcFailure, useAdminApp } from './harness';
import { IMAGES, pngOfSize } from './support/images';

/*
 * admin.products.images.upload: the panel's drag-and-drop sends the file as base64; it is checked
 * and re-encoded like an avatar (image-upload.ts) and stored in the same file store.
 */

const app = useAdminApp({
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'EUR', isDefault: true });
  },
});

const productFiles = () => {
  const dir = join(app.t.uploadsDir, 'products');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const storedBytes = (url: string) =>
  readFileSync(join(app.t.uploadsDir, url.slice(`${APP_URL}/uploads/`.length)));

const upload = (productId: number, bytes: Buffer, alt?: string) =>
  app.admin.admin.products.images.upload.mutate({
    product_id: productId,
    image_base64: bytes.toString('base64'),
    ...(alt === undefined ? {} : { alt }),
  });

describe('admin.products.images.upload', () => {
  it('stores a re-encoded WebP of at most 1600 px, appended; the storefront shows it', async () => {
    const product = await createProduct(app.t.db, { name: 'Brass Lamp' });
    const photo = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#c80' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret place' } })
      .toBuffer();
    const first = (await upload(product.id, photo, 'Lamp, lit')).data.images;
    const second = (await upload(product.id, IMAGES.png.bytes)).data.images;
    expect(second).toHaveLength(first.length + 1);
    const added = second.at(-1);
    const lamp = second.find((image) => image.alt === 'Lamp, lit');
    expect(added?.alt).toBe('Brass Lamp');
    expect(lamp?.url.startsWith(`${APP_URL}/uploads/products/${product.id}-`)).toBe(true);
    expect(lamp?.url.endsWith('.webp')).toBe(true);
    const meta = await sharp(storedBytes(lamp?.url ?? '')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    expect(meta.exif).toBeUndefined();

    const detail = await app.t.request('GET', `/products/${product.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.images.map((image: { url: string }) => image.url)).toContain(lamp?.url);

    // The panel's list (and its search) shows the main image as a thumbnail.
    const listed = await app.admin.admin.products.list.query({ search: 'Brass Lamp' });
    expect(listed.data.find((row) => row.id === product.id)?.image_url).toBe(second[0]?.url);

    // Removing the image removes the stored file too.
    const files = productFiles().length;
    await app.admin.admin.products.images.remove.mutate({
      product_id: product.id,
      image_id: lamp?.id ?? 0,
    });
    expect(productFiles()).toHaveLength(files - 1);
  });

  it('refuses too big, not an image and not base64 with 422 naming the field; nothing stored', async () => {
    const product = await createProduct(app.t.db, { name: 'Plain Mug' });
    const before = productFiles().length;
    const tooBig = await expectFieldError(upload(product.id, pngOfSize(2_097_153)), 'image_base64');
    expect(tooBig.data?.errors?.image_base64).toEqual(['The image must be at most 2 MB.']);
    const text = await expectFieldError(
      upload(product.id, Buffer.from('<html>not a picture</html>')),
      'image_base64',
    );
    expect(text.data?.errors?.image_base64).toEqual([
      'The file must be a JPEG, PNG, WebP or GIF image.',
    ]);
    await expectFieldError(
      app.admin.admin.products.images.upload.mutate({
        product_id: product.id,
        image_base64: 'not base64!',
      }),
      'image_base64',
    );
    const unknown = await trpcFailure(upload(999_999, IMAGES.png.bytes));
    expect(unknown.data?.httpStatus).toBe(404);
    expect(productFiles()).toHaveLength(before);
    const images = (await app.admin.admin.products.get.query({ id: product.id })).data.images;
    expect(images.filter((image) => image.url.includes('/uploads/'))).toEqual([]);

    const asCustomer = await trpcFailure(
      app.customer.admin.products.images.upload.mutate({
        product_id: product.id,
        image_base64: IMAGES.png.bytes.toString('base64'),
      }),
    );
    expect(asCustomer.data?.httpStatus).toBe(403);
  });
});
