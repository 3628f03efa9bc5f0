import { searchTerms } from '@storefront/db/schema';
import { createCategory, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const ids = {} as Record<
  'headphones' | 'stand' | 'chair' | 'skuMatch' | 'headset' | 'hidden',
  number
>;
let audio: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  audio = await createCategory(db, { name: 'Audio Gear', slug: 'audio-gear' });
  const furniture = await createCategory(db, { name: 'Furniture', slug: 'furniture' });
  ids.headphones = (
    await createProduct(db, {
      name: 'Wireless Headphones',
      sku: 'WH-1000',
      shortDescription: 'Noise cancelling over-ear sound.',
      description: 'Forty hours of battery.',
      categoryIds: [audio.id],
    })
  ).id;
  // Mentions headphones only in its description: ranks below the name match.
  ids.stand = (
    await createProduct(db, {
      name: 'Oak Desk Stand',
      sku: 'STAND-1',
      shortDescription: 'Keeps your desk tidy.',
      description: 'A stand for headphones, made of oak.',
      categoryIds: [furniture.id],
    })
  ).id;
  ids.chair = (
    await createProduct(db, {
      name: 'Ergonomic Office Chair',
      sku: 'CHAIR-9',
      description: 'Mesh back and adjustable arms.',
      categoryIds: [furniture.id],
    })
  ).id;
  // Its SKU is a word that also appears in another product's name.
  ids.skuMatch = (
    await createProduct(db, { name: 'Cable Organiser', sku: 'HEADSET', categoryIds: [audio.id] })
  ).id;
  ids.headset = (
    await createProduct(db, { name: 'Gaming Headset Pro', sku: 'GH-2', categoryIds: [audio.id] })
  ).id;
  ids.hidden = (await createProduct(db, { name: 'Secret Headphones Prototype', active: false })).id;
  for (let i = 0; i < 12; i++) {
    await createProduct(db, { name: `Headband Model ${i}`, sku: `HB-${i}` });
  }
});

afterAll(async () => {
  await t.close();
});

const idsOf = (res: { body: { data: { id: number }[] } }) => res.body.data.map((p) => p.id);

describe('GET /search', () => {
  it('ranks a name match above a description match', async () => {
    const res = await t.request('GET', '/search?q=headphones');
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([ids.headphones, ids.stand]);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 15, total: 2, last_page: 1 });
  });

  it('puts an exact SKU match first', async () => {
    const res = await t.request('GET', '/search?q=headset');
    expect(res.status).toBe(200);
    expect(idsOf(res)[0]).toBe(ids.skuMatch);
    expect(idsOf(res)).toContain(ids.headset);
    const lower = await t.request('GET', '/search?q=wh-1000');
    expect(idsOf(lower)[0]).toBe(ids.headphones);
  });

  it('tolerates one typo in a word of 5+ letters', async () => {
    for (const q of ['hedphones', 'headphnes', 'headphonse', 'wireles', 'ergonomc chair']) {
      const res = await t.request('GET', `/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(idsOf(res), q).toContain(q.startsWith('erg') ? ids.chair : ids.headphones);
    }
    // Swapped letters in a short word: found through the sorted-letters index.
    const swapped = await t.request('GET', '/search?q=cahir');
    expect(idsOf(swapped)).toEqual([ids.chair]);
  });

  it('searches descriptions and category names', async () => {
    expect(idsOf(await t.request('GET', '/search?q=mesh'))).toEqual([ids.chair]);
    const byCategory = await t.request('GET', '/search?q=furniture');
    expect(idsOf(byCategory).sort()).toEqual([ids.stand, ids.chair].sort());
  });

  it('requires every word and treats the last one as a prefix', async () => {
    expect(idsOf(await t.request('GET', '/search?q=wireless%20head'))).toEqual([ids.headphones]);
    // No product has both words; the trigram fallback on names offers the closest name instead.
    const none = await t.request('GET', '/search?q=wireless%20chair');
    expect(idsOf(none)).not.toContain(ids.chair);
    expect(idsOf(await t.request('GET', '/search?q=zebra%20chair'))).toEqual([]);
  });

  it('filters by category and pages', async () => {
    const res = await t.request('GET', `/search?q=headphones&category_id=${audio.id}`);
    expect(idsOf(res)).toEqual([ids.headphones]);
    const paged = await t.request('GET', '/search?q=headband&per_page=5&page=3');
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.meta).toEqual({ current_page: 3, per_page: 5, total: 12, last_page: 3 });
    const sorted = await t.request('GET', '/search?q=headband&sort=name_asc&per_page=2');
    expect(sorted.body.data.map((p: { name: string }) => p.name)).toEqual([
      'Headband Model 0',
      'Headband Model 1',
    ]);
  });

  it('never finds inactive products', async () => {
    const res = await t.request('GET', '/search?q=prototype');
    expect(res.status).toBe(200);
    expect(idsOf(res)).not.toContain(ids.hidden);
  });

  it('answers 422 without q, with an empty or too long q, and for bad paging', async () => {
    for (const query of ['', 'q=', 'q=%20%20', `q=${'a'.repeat(101)}`, 'q=x&per_page=0']) {
      const res = await t.request('GET', `/search?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.body.errors)).toEqual([query.includes('per_page') ? 'per_page' : 'q']);
    }
    expect((await t.request('GET', `/search?q=${'a'.repeat(100)}`)).status).toBe(200);
    expect((await t.request('GET', '/search?q=x&category_id=999999')).status).toBe(422);
  });

  it('is safe with query syntax characters', async () => {
    for (const q of ["head's & | ! ( ) :*", '\\', "'; drop table products; --", '!!!']) {
      const res = await t.request('GET', `/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
  });

  it('keeps the lexicon of name, description and category words', async () => {
    for (const word of ['headphones', 'cancelling', 'battery', 'furniture']) {
      const rows = await t.db.select().from(searchTerms).where(eq(searchTerms.word, word));
      expect(rows, word).toHaveLength(1);
    }
  });

  it('completes the last word from any searchable field, and keeps short ones a prefix', async () => {
    // "hou" is completed to "hours", a word of the long description only.
    expect(idsOf(await t.request('GET', '/search?q=forty%20hou'))).toEqual([ids.headphones]);
    expect(idsOf(await t.request('GET', '/search?q=noise%20canc'))).toEqual([ids.headphones]);
    // Two letters: a prefix over the search document, not a lexicon lookup.
    expect(idsOf(await t.request('GET', '/search?q=ergonomic%20of'))).toEqual([ids.chair]);
    // A complete word matches itself whether or not the lexicon lists it.
    expect(idsOf(await t.request('GET', '/search?q=oak%20made'))).toEqual([ids.stand]);
  });
});

describe('GET /search/suggestions', () => {
  it('suggests up to 10 distinct names whose words start with q, case-insensitively', async () => {
    const res = await t.request('GET', '/search/suggestions?q=HEAD');
    expect(res.status).toBe(200);
    const terms: string[] = res.body.data;
    expect(terms.length).toBe(10);
    expect(new Set(terms.map((s) => s.toLowerCase())).size).toBe(terms.length);
    for (const term of terms) expect(term.toLowerCase()).toMatch(/(^|[^a-z0-9])head/);
    expect(terms).not.toContain('Secret Headphones Prototype');
  });

  it('matches word beginnings only, names and categories', async () => {
    const res = await t.request('GET', '/search/suggestions?q=phones');
    expect(res.body.data).toEqual([]);
    const chair = await t.request('GET', '/search/suggestions?q=ch');
    expect(chair.body.data).toEqual(['Ergonomic Office Chair']);
    const category = await t.request('GET', '/search/suggestions?q=furn');
    expect(category.body.data).toEqual(['Furniture']);
    const gear = await t.request('GET', '/search/suggestions?q=audio%20ge');
    expect(gear.body.data).toEqual(['Audio Gear']);
  });

  it('requires q', async () => {
    const res = await t.request('GET', '/search/suggestions');
    expect(res.status).toBe(422);
    expect(res.body.errors.q).toBeDefined();
  });
});
