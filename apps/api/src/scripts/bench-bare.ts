import { createHash } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import postgres from 'postgres';

/**
 * The baselines for `pnpm bench`: bare express + postgres.js (no tRPC, no zod, no drizzle, no
 * envelope middleware) running the same SQL as the API for each benchmarked route, under the same
 * paths, so the bench drives both with the same client code. Started as a child process by
 * bench.ts with the database URL and port as arguments; same pool size as the API (10).
 */
const [url, port] = process.argv.slice(2);
if (!url || !port) throw new Error('usage: bench-bare <database-url> <port>');
const sql = postgres(url, { max: 10, onnotice: () => {} });
const app = express();
app.use(express.json());

/** The product-list entry columns (catalog.repository.ts productSummaryColumns). */
const summaryColumns = (now: string) => sql`p.id, p.sku, p.name, p.slug, p.type,
  p.short_description, p.price_cents, p.special_price_cents, p.rating, p.reviews_count,
  p.created_at,
  (p.special_price_cents is not null and p.special_price_cents < p.price_cents
    and (p.special_from is null or p.special_from <= ${now}::timestamptz)
    and (p.special_to is null or p.special_to > ${now}::timestamptz)) as sale,
  (select code from currencies where is_default) as currency,
  (case when p.type = 'configurable' then (select coalesce(sum(v.stock_quantity), 0)::int
     from product_variants v where v.product_id = p.id) else p.stock_quantity end) as stock,
  (select i.url from product_images i where i.product_id = p.id
     order by i.position, i.id limit 1) as thumbnail`;

type Row = Record<string, unknown>;

function toSummary(p: Row) {
  const price = p.price_cents as number;
  const finalCents = p.sale ? (p.special_price_cents as number) : price;
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    slug: p.slug,
    type: p.type,
    short_description: p.short_description,
    price: price / 100,
    special_price: p.sale ? finalCents / 100 : null,
    final_price: finalCents / 100,
    on_sale: p.sale,
    currency: p.currency ?? 'USD',
    in_stock: (p.stock as number) > 0,
    stock_quantity: p.stock,
    thumbnail: p.thumbnail,
    rating: Math.round(Number(p.rating) * 10) / 10,
    reviews_count: p.reviews_count,
    created_at: (p.created_at as Date).toISOString(),
  };
}

app.get('/api/v1/products', async (req, res) => {
  const perPage = Math.min(100, Math.max(1, Number(req.query.per_page ?? 15)));
  const page = Math.max(1, Number(req.query.page ?? 1));
  const now = new Date().toISOString();
  const [rows, [total]] = await Promise.all([
    sql`select ${summaryColumns(now)} from products p where p.active
        order by p.created_at desc, p.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    sql`select count(*)::int as total from products where active`,
  ]);
  const count = (total?.total as number | undefined) ?? 0;
  res.json({
    success: true,
    data: rows.map(toSummary),
    meta: {
      current_page: page,
      per_page: perPage,
      total: count,
      last_page: Math.max(1, Math.ceil(count / perPage)),
    },
  });
});

/**
 * catalog.service.ts findProduct's one statement (product-details.repository.ts): the product
 * with its images, categories, variants, attribute values and recent reviews aggregated as JSON.
 */
app.get('/api/v1/products/:id', async (req, res) => {
  const id = Number(req.params.id);
  const now = new Date().toISOString();
  const [product] = await sql`select ${summaryColumns(now)}, p.description, p.meta_title,
      p.meta_description, p.meta_keywords,
      coalesce((select json_agg(json_build_object('url', i.url, 'alt', i.alt)
        order by i.position, i.id) from product_images i where i.product_id = p.id),
        '[]'::json) as images,
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug)
        order by c.position, c.id) from product_categories pc
        join categories c on c.id = pc.category_id where pc.product_id = p.id),
        '[]'::json) as categories,
      coalesce((select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'name', v.name,
        'price_cents', v.price_cents, 'special_price_cents', v.special_price_cents,
        'stock_quantity', v.stock_quantity, 'options', v.options) order by v.position, v.id)
        from product_variants v where v.product_id = p.id), '[]'::json) as variants,
      coalesce((select json_agg(json_build_object('code', a.code, 'name', a.name,
        'value', av.value) order by a.position, a.id, av.position, av.id)
        from product_attribute_values pav
        join attribute_values av on av.id = pav.attribute_value_id
        join attributes a on a.id = av.attribute_id where pav.product_id = p.id),
        '[]'::json) as attributes,
      coalesce((select json_agg(json_build_object('id', r.id, 'customer_name', r.customer_name,
        'rating', r.rating, 'title', r.title, 'comment', r.comment,
        'helpful_count', r.helpful_count, 'verified_purchase', r.verified_purchase,
        'created_at', r.created_at) order by r.created_at desc, r.id desc)
        from (select r.*, (select u.name from users u where u.id = r.user_id) as customer_name
          from reviews r where r.product_id = p.id order by r.created_at desc, r.id desc
          limit 5) r where r.customer_name is not null), '[]'::json) as reviews
    from products p where p.id = ${id} and p.active`;
  if (!product) {
    res.status(404).json({ success: false, message: 'Product not found.' });
    return;
  }
  res.json({
    success: true,
    data: {
      ...toSummary(product),
      description: product.description,
      images: product.images,
      categories: product.categories,
      variants: product.variants,
      attributes: product.attributes,
      recent_reviews: product.reviews,
    },
  });
});

/**
 * The session lookup every authenticated API call makes (sessions.ts authenticate: the sha-256
 * of the bearer token joined to its user); 401 when unknown or expired.
 */
async function customerId(req: Request, res: Response): Promise<number | undefined> {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const id = token ? createHash('sha256').update(token).digest('hex') : '';
  const [session] = await sql`select s.user_id, s.expires_at, u.role, u.blocked_at
    from sessions s join users u on u.id = s.user_id where s.id = ${id}`;
  if (!session || (session.expires_at as Date) <= new Date() || session.blocked_at) {
    res.status(401).json({ success: false, message: 'Unauthenticated.' });
    return undefined;
  }
  return session.user_id as number;
}

/** The open cart's lines with their products' prices and stock (cart pricing's reads). */
const cartLines = (db: postgres.Sql | postgres.TransactionSql, cartId: number) =>
  db`select ci.id, ci.product_id, ci.quantity, p.name, p.sku, p.price_cents, p.stock_quantity
     from cart_items ci join products p on p.id = ci.product_id where ci.cart_id = ${cartId}
     order by ci.id`;

/**
 * purchasables.repository.ts find: each product (price now with the sale rule, stock, thumbnail)
 * joined to its variants, if any — one query, whatever the count; products as the first row of
 * each id, variants from every row that has one.
 */
async function purchasableReads(
  db: postgres.Sql | postgres.TransactionSql,
  ids: number[],
  now: string,
) {
  const rows = await db`select p.id, p.name, p.sku, p.type, p.active, p.stock_quantity,
       (case when p.special_price_cents is not null and p.special_price_cents < p.price_cents
          and (p.special_from is null or p.special_from <= ${now}::timestamptz)
          and (p.special_to is null or p.special_to > ${now}::timestamptz)
        then p.special_price_cents else p.price_cents end) as unit_price_cents,
       (select i.url from product_images i where i.product_id = p.id
          order by i.position, i.id limit 1) as thumbnail,
       v.id as variant_id, v.name as variant_name, v.sku as variant_sku,
       v.stock_quantity as variant_stock,
       (case when v.special_price_cents is not null and v.special_price_cents < v.price_cents
          and (p.special_from is null or p.special_from <= ${now}::timestamptz)
          and (p.special_to is null or p.special_to > ${now}::timestamptz)
        then v.special_price_cents else v.price_cents end) as variant_unit_price_cents
     from products p left join product_variants v on v.product_id = p.id
     where p.id in ${db(ids)} order by p.id, v.id`;
  const products = rows.filter((row, i) => i === 0 || rows[i - 1]?.id !== row.id);
  const variants = rows
    .filter((row) => row.variant_id !== null)
    .map((row) => ({ id: row.variant_id, unit_price_cents: row.variant_unit_price_cents }));
  return [products, variants] as const;
}

/**
 * cart.service.ts view: the open cart read again after the commit, its lines, their
 * purchasables and the default currency (priceCart's reads), priced here.
 */
async function pricedCart(userId: number, now: string) {
  const [cart] = await sql`select * from carts where user_id = ${userId} and status = 'open'`;
  const lines =
    await sql`select * from cart_items where cart_id = ${cart?.id as number} order by id`;
  const [[products, variants], [currency]] = await Promise.all([
    purchasableReads(sql, [...new Set(lines.map((line) => line.product_id as number))], now),
    sql`select code from currencies where is_default`,
  ]);
  const prices = new Map(products.map((p) => [p.id as number, p.unit_price_cents as number]));
  for (const v of variants) prices.set(-(v.id as number), v.unit_price_cents as number);
  const items = lines.map((line) => {
    const unit =
      prices.get(
        line.variant_id === null ? (line.product_id as number) : -(line.variant_id as number),
      ) ?? 0;
    return {
      id: line.id,
      product_id: line.product_id,
      quantity: line.quantity,
      price: unit / 100,
      total: (unit * (line.quantity as number)) / 100,
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.total, 0);
  return { id: cart?.id, items, subtotal, currency: currency?.code ?? 'USD' };
}

/** The customer's open cart, created when missing, locked for the transaction. */
async function lockOpenCart(tx: postgres.TransactionSql, userId: number) {
  await tx`insert into carts (user_id) values (${userId})
           on conflict (user_id) where status = 'open' do nothing`;
  const [cart] = await tx`select * from carts where user_id = ${userId} and status = 'open'
                          for update`;
  return cart as Row;
}

/**
 * Add-to-cart: the transaction of cart.service.ts add (lock the open cart, check the product
 * and the merged quantity against stock, upsert the line, bump the cart's version), then the
 * cart read the response is built from.
 */
app.post('/api/v1/cart/add', async (req, res) => {
  const userId = await customerId(req, res);
  if (userId === undefined) return;
  const { product_id: productId, quantity = 1 } = req.body as {
    product_id: number;
    quantity?: number;
  };
  const now = new Date().toISOString();
  const cartId = await sql.begin(async (tx) => {
    const cart = await lockOpenCart(tx, userId);
    const [[product], lines] = await Promise.all([
      purchasableReads(tx, [productId], now).then(([products]) => products),
      tx`select * from cart_items where cart_id = ${cart.id as number} order by id`,
    ]);
    const line = lines.find((l) => l.product_id === productId && l.variant_id === null);
    const wanted = ((line?.quantity as number | undefined) ?? 0) + quantity;
    if (!product?.active || wanted > (product.stock_quantity as number)) return undefined;
    await tx`insert into cart_items (cart_id, product_id, quantity)
      values (${cart.id as number}, ${productId}, ${quantity})
      on conflict (cart_id, product_id) where variant_id is null
      do update set quantity = cart_items.quantity + excluded.quantity, updated_at = now()`;
    await tx`update carts set version = version + 1, updated_at = now()
             where id = ${cart.id as number}`;
    return cart.id as number;
  });
  if (cartId === undefined) {
    res.status(422).json({ success: false, message: 'Out of stock.' });
    return;
  }
  res.json({ success: true, data: await pricedCart(userId, now) });
});

/**
 * A checkout step as checkout.service changeStep does it: the cart priced (to refuse an empty
 * one), one UPDATE of its checkout state, then the state it answers with — the cart priced
 * again, its payment method and the customer's saved addresses.
 */
function checkoutStep(column: string, value: (body: Row) => unknown) {
  return async (req: Request, res: Response) => {
    const userId = await customerId(req, res);
    if (userId === undefined) return;
    const now = new Date().toISOString();
    const before = await pricedCart(userId, now);
    if (before.items.length === 0) {
      res.status(422).json({ success: false, message: 'Your cart is empty.' });
      return;
    }
    const [cart] = await sql`update carts set ${sql({ [column]: value(req.body as Row) })},
      gateway_order_id = null, updated_at = now()
      where user_id = ${userId} and status = 'open' returning payment_method`;
    const [after, [payment], addresses] = await Promise.all([
      pricedCart(userId, now),
      sql`select code, name, type from payment_methods where code = ${(cart?.payment_method as string | null) ?? ''}`,
      sql`select * from addresses where user_id = ${userId} order by id`,
    ]);
    res.json({ success: true, data: { cart: after, payment_method: payment ?? null, addresses } });
  };
}
app.post(
  '/api/v1/checkout/shipping-address',
  checkoutStep('shipping_address', (body) => body),
);
app.post(
  '/api/v1/checkout/shipping-method',
  checkoutStep('shipping_method', (body) => body.shipping_method),
);
app.post(
  '/api/v1/checkout/payment-method',
  checkoutStep('payment_method', (body) => body.payment_method),
);

/**
 * Place-order: the transaction of checkout.service.ts placeOrderNow for a cash-on-delivery cart
 * without a coupon — lock the cart, read its lines with prices, the shipping method, the tax rate
 * and the payment method; take stock with a guarded UPDATE per line; insert the order, its items
 * (one statement) and its first event; mark the cart ordered.
 */
app.post('/api/v1/checkout/place-order', async (req, res) => {
  const userId = await customerId(req, res);
  if (userId === undefined) return;
  const order = await sql.begin(async (tx) => {
    const cart = await lockOpenCart(tx, userId);
    const address = cart.shipping_address as Row | null;
    const [lines, [method], [tax], [payment]] = await Promise.all([
      cartLines(tx, cart.id as number),
      tx`select rate_cents from shipping_methods where code = ${cart.shipping_method as string}`,
      // The country's rule for every region and category, else the default's: summed components.
      tx`select coalesce((select sum((c ->> 'rateBasisPoints')::int)
           from jsonb_array_elements(components) c), 0)::int as rate_basis_points
         from tax_rules where country in (${(address?.country as string) ?? '*'}, '*')
           and region = '*' and tax_category_id is null
         order by (country = '*') limit 1`,
      tx`select type from payment_methods where code = ${cart.payment_method as string} and active`,
    ]);
    if (lines.length === 0 || !method || !payment || !address) return undefined;
    for (const line of lines) {
      const [taken] =
        await tx`update products set stock_quantity = stock_quantity - ${line.quantity as number}
        where id = ${line.product_id as number} and stock_quantity >= ${line.quantity as number}
        returning id`;
      if (!taken) return undefined;
    }
    const subtotal = lines.reduce(
      (sum, line) => sum + (line.price_cents as number) * (line.quantity as number),
      0,
    );
    const shipping = method.rate_cents as number;
    const taxCents = Math.round((subtotal * ((tax?.rate_basis_points as number) ?? 0)) / 10_000);
    const [created] = await tx`insert into orders ${sql({
      user_id: userId,
      payment_method: cart.payment_method as string,
      shipping_method: cart.shipping_method as string,
      subtotal_cents: subtotal,
      discount_cents: 0,
      shipping_cents: shipping,
      tax_cents: taxCents,
      total_cents: subtotal + shipping + taxCents,
      currency: 'USD',
      shipping_address: sql.json(address as postgres.JSONValue),
      billing_address: sql.json(address as postgres.JSONValue),
    })} returning id, order_number, total_cents, status, payment_status`;
    const orderId = created?.id as number;
    await tx`insert into order_items ${sql(
      lines.map((line) => ({
        order_id: orderId,
        product_id: line.product_id as number,
        product_name: line.name as string,
        sku: line.sku as string,
        price_cents: line.price_cents as number,
        quantity: line.quantity as number,
        total_cents: (line.price_cents as number) * (line.quantity as number),
      })),
    )}`;
    await tx`insert into order_events (order_id, status, description)
             values (${orderId}, 'pending', 'Order placed')`;
    await tx`update carts set status = 'ordered', updated_at = now() where id = ${cart.id as number}`;
    return created;
  });
  if (!order) {
    res.status(422).json({ success: false, message: 'Checkout incomplete or out of stock.' });
    return;
  }
  res.status(201).json({
    success: true,
    data: {
      order_id: order.id,
      order_number: order.order_number,
      total: (order.total_cents as number) / 100,
      status: order.status,
      payment_status: order.payment_status,
    },
  });
});

app.listen(Number(port), '127.0.0.1', () => console.log('ready'));
