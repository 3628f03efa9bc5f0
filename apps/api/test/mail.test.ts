import { bossJobs, jobQueueOf } from '@storefront/db/jobs';
import { emailVerificationTokens, users } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { createJobsRepository, enqueueMail } from '@storefront/routers';
import { hashToken } from '@storefront/routers/tokens';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { APP_URL, linkToken, registerCustomer, useAdminApp } from './harness';
import { gatewayPayment, prepareCheckout } from './support/shop';

/*
 * Every e-mail trigger of docs/decisions.md "E-mail": each produces exactly one e-mail, to the
 * right person, with the content it promises, delivered by the mail queue's workers.
 */

const app = useAdminApp({
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await seedStoreSetup(t.db);
  },
});

const mailsTo = (email: string, subject?: string | RegExp) =>
  app.t
    .outbox()
    .filter(
      (m) =>
        m.to === email &&
        (subject === undefined ||
          (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject))),
    );

/** Lets queued jobs run, then checks exactly `count` e-mails with this subject went to `email`. */
async function expectMails(email: string, subject: string | RegExp, count = 1) {
  if (count > 0) await app.t.mailTo(email, subject);
  // A second copy would come from a second job; give workers another poll to show it.
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(mailsTo(email, subject)).toHaveLength(count);
  return mailsTo(email, subject);
}

const welcomeless = () => {
  throw new Error('the e-mail was not sent');
};

async function placedOrder(paymentMethod: 'cod' | 'card' = 'cod') {
  const product = await createProduct(app.t.db, {
    name: 'Walnut Desk Lamp',
    priceCents: 1500,
    stockQuantity: 5,
  });
  const customer = await registerCustomer(app.t);
  await app.t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity: 2 },
  });
  const { gateway_order } = await prepareCheckout(app.t, customer.token, { paymentMethod });
  const placed = await app.t.request('POST', '/checkout/place-order', {
    token: customer.token,
    body: paymentMethod === 'card' ? { payment_data: gatewayPayment(gateway_order?.id ?? '') } : {},
  });
  if (placed.status !== 201) throw new Error(JSON.stringify(placed.body));
  return {
    ...customer,
    orderId: placed.body.data.order_id as number,
    orderNumber: placed.body.data.order_number as string,
  };
}

describe('registration and e-mail verification', () => {
  it('register sends one welcome e-mail whose link verifies the address once', async () => {
    const customer = await registerCustomer(app.t, { name: 'Grace Hopper' });
    expect(customer.user.email_verified_at).toBeNull();
    const [welcome] = await expectMails(customer.email, 'Welcome to Test Shop');
    expect(welcome?.text).toContain('Hello Grace Hopper');
    expect(welcome?.html).toContain(`${APP_URL}/verify-email?token=`);
    const link = new URL(
      /http:\/\/shop\.test\/verify-email\S+/.exec(welcome?.text ?? '')?.[0] ?? '',
    );
    expect(link.searchParams.get('email')).toBe(customer.email);
    if (!welcome) throw new Error('no welcome e-mail');
    const token = linkToken(welcome);

    const verified = await app.t.request('POST', '/auth/email/verify', {
      body: { email: customer.email, token },
    });
    expect(verified.status).toBe(200);
    const me = await app.t.request('GET', '/auth/me', { token: customer.token });
    expect(me.body.data.email_verified_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Used once: the same token again is refused, and nothing changes.
    const reused = await app.t.request('POST', '/auth/email/verify', {
      body: { email: customer.email, token },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error_code).toBe('INVALID_VERIFICATION_TOKEN');
  });

  it('refuses a wrong token, another account’s token and an expired one', async () => {
    const a = await registerCustomer(app.t);
    const b = await registerCustomer(app.t);
    const tokenOfA = linkToken(await app.t.mailTo(a.email, 'Welcome to Test Shop'));
    const wrong = await app.t.request('POST', '/auth/email/verify', {
      body: { email: a.email, token: 'not-the-token' },
    });
    expect(wrong.body.error_code).toBe('INVALID_VERIFICATION_TOKEN');
    const crossed = await app.t.request('POST', '/auth/email/verify', {
      body: { email: b.email, token: tokenOfA },
    });
    expect(crossed.status).toBe(422);
    await app.t.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.tokenHash, hashToken(tokenOfA)));
    const expired = await app.t.request('POST', '/auth/email/verify', {
      body: { email: a.email, token: tokenOfA },
    });
    expect(expired.status).toBe(422);
    expect(expired.body.error_code).toBe('INVALID_VERIFICATION_TOKEN');
    const [row] = await app.t.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('resend sends a new link; once verified it answers 200 and sends nothing', async () => {
    const customer = await registerCustomer(app.t);
    await app.t.mailTo(customer.email, 'Welcome to Test Shop');
    const resent = await app.t.request('POST', '/auth/email/resend', { token: customer.token });
    expect(resent.status).toBe(200);
    const [again] = await expectMails(customer.email, 'Confirm your e-mail address');
    const verified = await app.t.request('POST', '/auth/email/verify', {
      body: { email: customer.email, token: linkToken(again ?? welcomeless()) },
    });
    expect(verified.status).toBe(200);

    const after = await app.t.request('POST', '/auth/email/resend', { token: customer.token });
    expect(after.status).toBe(200);
    expect(after.body.message).toBe('Your e-mail address is already verified.');
    await expectMails(customer.email, 'Confirm your e-mail address', 1);
    const anonymous = await app.t.request('POST', '/auth/email/resend', {});
    expect(anonymous.status).toBe(401);
  });

  it('resend is limited to 5 per hour per customer: the 6th answers 429 with Retry-After', async () => {
    const customer = await registerCustomer(app.t);
    for (let sent = 0; sent < 5; sent++) {
      const res = await app.t.request('POST', '/auth/email/resend', { token: customer.token });
      expect(res.status).toBe(200);
    }
    const limited = await app.t.request('POST', '/auth/email/resend', { token: customer.token });
    expect(limited.status).toBe(429);
    expect(limited.body.error_code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Five e-mails, none for the refused sixth.
    await vi.waitFor(
      () => expect(mailsTo(customer.email, 'Confirm your e-mail address')).toHaveLength(5),
      { timeout: 15_000, interval: 100 },
    );
    await expectMails(customer.email, 'Confirm your e-mail address', 5);
  });
});

describe('order e-mails', () => {
  it('placing an order sends one confirmation with number, items, totals, addresses and payment', async () => {
    const order = await placedOrder();
    const [mail] = await expectMails(order.email, `Order ${order.orderNumber} confirmed`);
    expect(mail?.text).toContain(order.orderNumber);
    expect(mail?.text).toContain('2 × Walnut Desk Lamp');
    expect(mail?.text).toMatch(/Subtotal: 30\.00 USD/);
    expect(mail?.text).toMatch(/Total: \d+\.\d\d USD/);
    expect(mail?.text).toContain('Shipping address');
    expect(mail?.text).toContain('12 St James Square');
    expect(mail?.text).toContain('Payment: cod (pending)');
  });

  it('processing, shipped (with tracking) and completed each send one status e-mail', async () => {
    const order = await placedOrder();
    await app.admin.admin.orders.process.mutate({ id: order.orderId });
    await expectMails(order.email, `Order ${order.orderNumber} is being prepared`);
    await app.admin.admin.orders.ship.mutate({
      id: order.orderId,
      carrier: 'DHL',
      tracking_number: 'JD014600003828',
      tracking_url: 'https://track.example/JD014600003828',
    });
    const [shipped] = await expectMails(order.email, `Order ${order.orderNumber} has shipped`);
    expect(shipped?.text).toContain('Carrier: DHL');
    expect(shipped?.text).toContain('Tracking number: JD014600003828');
    expect(shipped?.html).toContain('href="https://track.example/JD014600003828"');
    await app.admin.admin.orders.complete.mutate({ id: order.orderId });
    await expectMails(order.email, `Order ${order.orderNumber} has been delivered`);
  });

  it('a cancellation sends one e-mail, with the refund when the order was paid', async () => {
    const cod = await placedOrder();
    await app.t.request('POST', `/customer/orders/${cod.orderId}/cancel`, {
      token: cod.token,
      body: { reason: 'Changed my mind' },
    });
    const [unpaid] = await expectMails(cod.email, `Order ${cod.orderNumber} cancelled`);
    expect(unpaid?.text).toContain('Reason: Changed my mind');
    expect(unpaid?.text).toContain('Nothing was charged');

    const card = await placedOrder('card');
    await app.admin.admin.orders.cancel.mutate({ id: card.orderId, reason: 'Out of stock' });
    const [paid] = await expectMails(card.email, `Order ${card.orderNumber} cancelled`);
    expect(paid?.text).toMatch(/The payment of \d+\.\d\d USD is being refunded/);
  });
});

describe('password e-mails', () => {
  it('a password change sends one security notice with a reset link', async () => {
    const customer = await registerCustomer(app.t);
    const changed = await app.t.request('POST', '/auth/password/change', {
      token: customer.token,
      body: {
        current_password: customer.password,
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      },
    });
    expect(changed.status).toBe(200);
    const [notice] = await expectMails(customer.email, 'Your password was changed');
    expect(notice?.text).toContain('Wasn’t you?');
    expect(notice?.html).toContain(`href="${APP_URL}/reset-password"`);
  });

  it('a reset sends the link, then one "reset" notice', async () => {
    const customer = await registerCustomer(app.t);
    await app.t.request('POST', '/auth/password/forgot', { body: { email: customer.email } });
    const token = linkToken(await app.t.mailTo(customer.email, 'Reset your password'));
    const reset = await app.t.request('POST', '/auth/password/reset', {
      body: {
        email: customer.email,
        token,
        password: 'another new password',
        password_confirmation: 'another new password',
      },
    });
    expect(reset.status).toBe(200);
    await expectMails(customer.email, 'Your password was reset');
  });
});

describe('jobs commit with their write', () => {
  it('a rolled-back write leaves no job; a committed one leaves exactly one', async () => {
    const marker = 987_654_321;
    const jobsFor = async () =>
      app.t.db.$count(bossJobs, sql`${bossJobs.data}->>'userId' = ${String(marker)}`);
    if (!app.t.jobs) throw new Error('the test app has a job queue');
    const queue = jobQueueOf(app.t.jobs);
    await app.t.db
      .transaction(async (tx) => {
        await enqueueMail(createJobsRepository(tx, queue), {
          kind: 'password-changed',
          userId: marker,
          how: 'changed',
        });
        throw new Error('the write fails after queuing its e-mail');
      })
      .catch(() => {});
    expect(await jobsFor()).toBe(0);
    await app.t.db.transaction(async (tx) => {
      await enqueueMail(createJobsRepository(tx, queue), {
        kind: 'password-changed',
        userId: marker,
        how: 'changed',
      });
    });
    expect(await jobsFor()).toBe(1);
    // No such user: the job completes without sending anything.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [job] = await app.t.db
      .select({ state: bossJobs.state })
      .from(bossJobs)
      .where(sql`${bossJobs.data}->>'userId' = ${String(marker)}`);
    expect(job?.state).toBe('completed');
  });
});
