import { describe, expect, it } from 'vitest';
import { expectFieldError, useAdminApp } from './harness';

/*
 * Every URL the app would open or load (issue 24, item 8): web links are https (http only
 * outside production), a banner's deep link only in the app's own schemes (APP_LINK_SCHEMES);
 * javascript:, data:, intent: and the rest answer 422 naming the field. This app runs with
 * the production policy (the development one is proven in packages/routers' zod-helpers test).
 */

const app = useAdminApp({ config: { links: { allowHttp: false, appSchemes: ['myshop'] } } });

const HOSTILE = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'intent://scan/#Intent;scheme=zxing;package=com.evil;end',
  'file:///etc/passwd',
  'myshop://product/1', // an app link is no web link (images, tracking pages)
  'http://cdn.example.com/plain-http.jpg', // production: https only
];

/** Each input that takes a web link: its call with `url` in the field, and the field's name. */
const WEB_LINK_INPUTS: Array<[string, (url: string) => Promise<unknown>]> = [
  [
    'tracking_url',
    (url) =>
      app.admin.admin.orders.ship.mutate({
        id: 999_999,
        carrier: 'DHL',
        tracking_number: 'JD1',
        tracking_url: url,
      }),
  ],
  ['url', (url) => app.admin.admin.products.images.add.mutate({ product_id: 999_999, url })],
  ['image', (url) => app.admin.admin.categories.create.mutate({ name: 'Links', image: url })],
  [
    'image_url',
    (url) =>
      app.admin.admin.banners.create.mutate({ identifier: 'img', title: 'T', image_url: url }),
  ],
];

describe('inputs that take a web link refuse other schemes with 422 naming the field', () => {
  for (const [field, call] of WEB_LINK_INPUTS) {
    it(field, async () => {
      for (const url of HOSTILE) {
        const error = await expectFieldError(call(url), field);
        expect(error.data?.errors?.[field]?.[0], url).toMatch(/https/);
      }
    });
  }

  it('https links are still taken', async () => {
    const category = await app.admin.admin.categories.create.mutate({
      name: 'Linked Category',
      image: 'https://cdn.example.com/category.jpg',
    });
    expect(category.data.image).toBe('https://cdn.example.com/category.jpg');
  });
});

describe("a banner's link", () => {
  const banner = (identifier: string, link_value: string) =>
    app.admin.admin.banners.create.mutate({
      identifier,
      title: 'Banner',
      image_url: 'https://cdn.example.com/banner.jpg',
      link_type: 'url',
      link_value,
    });

  it("takes https and the app's own scheme", async () => {
    expect((await banner('web', 'https://shop.example.com/sale')).data.link_value).toBe(
      'https://shop.example.com/sale',
    );
    expect((await banner('deep', 'myshop://category/12')).data.link_value).toBe(
      'myshop://category/12',
    );
  });

  it('refuses hostile schemes, other apps and plain http in production', async () => {
    for (const link of [...HOSTILE.filter((url) => !url.startsWith('myshop:')), 'otherapp://x']) {
      const error = await expectFieldError(banner(`bad-${link.length}`, link), 'link_value');
      expect(error.data?.errors?.link_value?.[0]).toContain('myshop');
    }
  });
});
