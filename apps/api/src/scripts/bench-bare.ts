import express from 'express';
import postgres from 'postgres';

/**
 * The baseline for `pnpm bench`: bare express + postgres.js serving the same product list query
 * (page of newest visible products with thumbnail and stock, plus the total) and envelope.
 * Started as a child process by bench.ts with the database URL and port as arguments.
 */
const [url, port] = process.argv.slice(2);
if (!url || !port) throw new Error('usage: bench-bare <database-url> <port>');
const sql = postgres(url, { max: 10 });
const app = express();

app.get('/api/v1/products', async (req, res) => {
  const perPage = Math.min(100, Math.max(1, Number(req.query.per_page ?? 15)));
  const page = Math.max(1, Number(req.query.page ?? 1));
  const now = new Date().toISOString();
  const [rows, [total]] = await Promise.all([
    sql`select p.id, p.sku, p.name, p.slug, p.type, p.short_description, p.price_cents,
          p.special_price_cents, p.rating, p.reviews_count, p.created_at,
          (p.special_price_cents is not null and p.special_price_cents < p.price_cents
            and (p.special_from is null or p.special_from <= ${now}::timestamptz)
            and (p.special_to is null or p.special_to > ${now}::timestamptz)) as sale,
          (select code from currencies where is_default) as currency,
          (case when p.type = 'configurable' then (select coalesce(sum(v.stock_quantity), 0)::int
             from product_variants v where v.product_id = p.id) else p.stock_quantity end) as stock,
          (select i.url from product_images i where i.product_id = p.id
             order by i.position, i.id limit 1) as thumbnail
        from products p where p.active order by p.created_at desc, p.id desc
        limit ${perPage} offset ${(page - 1) * perPage}`,
    sql`select count(*)::int as total from products where active`,
  ]);
  const data = rows.map((p) => {
    const finalCents = p.sale ? p.special_price_cents : p.price_cents;
    return {
      id: p.id,
      sku: p.sku,
      name: p.name,
      slug: p.slug,
      type: p.type,
      short_description: p.short_description,
      price: p.price_cents / 100,
      special_price: p.sale ? finalCents / 100 : null,
      final_price: finalCents / 100,
      on_sale: p.sale,
      currency: p.currency ?? 'USD',
      in_stock: p.stock > 0,
      stock_quantity: p.stock,
      thumbnail: p.thumbnail,
      rating: Math.round(Number(p.rating) * 10) / 10,
      reviews_count: p.reviews_count,
      created_at: p.created_at.toISOString(),
    };
  });
  const count = total?.total ?? 0;
  res.json({
    success: true,
    data,
    meta: {
      current_page: page,
      per_page: perPage,
      total: count,
      last_page: Math.max(1, Math.ceil(count / perPage)),
    },
  });
});

app.listen(Number(port), '127.0.0.1', () => console.log('ready'));
