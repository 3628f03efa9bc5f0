import { aiAgents, products } from '@storefront/db/schema';
import { createCategory, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiModelProvider } from '../src/adapters/ai';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import { type FakeOpenAi, startFakeOpenAi } from './support/fake-openai';

let fake: FakeOpenAi;
let t: TestApp;
let unconfigured: TestApp;
let token: string;
let productId: number;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({
    config: {
      featureDefaults: {
        wishlist: true,
        reviews: true,
        coupons: true,
        gift_cards: false,
        loyalty_points: false,
        ai_descriptions: true,
      },
      aiTimeoutMs: 2000,
    },
    aiProvider: await createOpenAiModelProvider({
      apiKey: 'sk-local',
      baseURL: fake.baseURL,
      defaultModel: 'shop-writer',
    }),
  });
  unconfigured = await createTestApp({
    config: {
      featureDefaults: {
        wishlist: true,
        reviews: true,
        coupons: true,
        gift_cards: false,
        loyalty_points: false,
        ai_descriptions: true,
      },
    },
  });
  ({ token } = await registerCustomer(t));
  const category = await createCategory(t.db, { name: 'Kitchen' });
  ({ id: productId } = await createProduct(t.db, {
    name: 'Cast Iron Skillet',
    description: 'Pre-seasoned 26 cm skillet.',
    categoryIds: [category.id],
  }));
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.respondWith({
    kind: 'json',
    content: { short_description: 'A skillet for life.', description: 'Cast iron, pre-seasoned.' },
  });
});

const generate = (body: object, app = t, auth = token) =>
  app.request('POST', `/products/${productId}/generate-description`, { token: auth, body });

describe('POST /products/{id}/generate-description', () => {
  it('answers the structured description and saves nothing to the product', async () => {
    const [before] = await t.db.select().from(products).where(eq(products.id, productId));
    const res = await generate({ tone_preference: 'luxury', language: 'en', brand: 'Forge & Co' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Description generated.',
      data: { short_description: 'A skillet for life.', description: 'Cast iron, pre-seasoned.' },
    });
    const sent = JSON.stringify(fake.requests[0]?.body.messages);
    expect(sent).toContain('Cast Iron Skillet');
    expect(sent).toContain('Kitchen');
    expect(sent).toContain('Forge & Co');
    expect(sent).toContain('luxury');
    const [after] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(after?.description).toBe(before?.description);
  });

  it('product_title and category override the product data', async () => {
    await generate({ product_title: 'The Everyday Pan', category: 'Cookware' });
    const sent = JSON.stringify(fake.requests[0]?.body.messages);
    expect(sent).toContain('Product: The Everyday Pan');
    expect(sent).toContain('Category: Cookware');
    expect(sent).not.toContain('Product: Cast Iron Skillet');
  });

  it('forwards image URLs to the model without fetching them', async () => {
    const res = await generate({ images: ['http://127.0.0.1:9/skillet-front.jpg'] });
    expect(res.status).toBe(200);
    expect(JSON.stringify(fake.requests[0]?.body.messages)).toContain(
      'http://127.0.0.1:9/skillet-front.jpg',
    );
  });

  it('uses a named agent profile stored in the database', async () => {
    await t.db.insert(aiAgents).values({
      name: 'Chef',
      systemPrompt: 'You are a chef who writes copy.',
      model: 'chef-model',
    });
    await generate({ agent: 'chef' });
    expect(fake.requests[0]?.body.model).toBe('chef-model');
    expect(JSON.stringify(fake.requests[0]?.body.messages)).toContain(
      'You are a chef who writes copy.',
    );
  });

  it.each([
    ['provider 500', { kind: 'status', status: 500 } as const, /^Provider error/],
    ['malformed output', { kind: 'text', content: 'not json at all' } as const, /^Invalid output/],
    ['timeout', { kind: 'hang' } as const, /^Timeout/],
  ])('%s → 422 AI_GENERATION_FAILED with the reason first', async (_name, behaviour, message) => {
    fake.respondWith(behaviour);
    const res = await generate({});
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, error_code: 'AI_GENERATION_FAILED' });
    expect(res.body.message).toMatch(message);
  });

  it('unknown agent, provider not configured → 422 with the reason first', async () => {
    const unknown = await generate({ agent: 'Nobody' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/^Unknown agent/);
    const customer = await registerCustomer(unconfigured);
    const product = await createProduct(unconfigured.db);
    const res = await unconfigured.request('POST', `/products/${product.id}/generate-description`, {
      token: customer.token,
      body: {},
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^AI provider not configured/);
  });

  it('disabled by the admin setting → 422 "AI descriptions are disabled"', async () => {
    await t.services.storeSettings.features.setFeature('ai_descriptions', false);
    try {
      const res = await generate({});
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/^AI descriptions are disabled/);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await t.services.storeSettings.features.setFeature('ai_descriptions', true);
    }
  });

  it('enforces every length limit of docs/contract.md §5 with 422 VALIDATION_ERROR', async () => {
    const res = await generate({
      product_title: 'x'.repeat(201),
      category: 'x'.repeat(256),
      brand: 'x'.repeat(121),
      target_audience: 'x'.repeat(121),
      tone_preference: 'x'.repeat(51),
      language: 'x'.repeat(11),
      agent: 'x'.repeat(121),
      images: ['not a url'],
    });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'agent',
        'brand',
        'category',
        'images.0',
        'language',
        'product_title',
        'target_audience',
        'tone_preference',
      ].sort(),
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('needs a token; an unknown product is 404', async () => {
    expect(
      (await t.request('POST', `/products/${productId}/generate-description`, { body: {} })).status,
    ).toBe(401);
    const res = await t.request('POST', '/products/99999999/generate-description', {
      token,
      body: {},
    });
    expect(res.status).toBe(404);
  });
});
