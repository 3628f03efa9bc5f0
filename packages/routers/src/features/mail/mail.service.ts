import type { ReactElement } from 'react';
import { formatMoney } from '../../money';
import type { Mailer } from '../../ports';
import { hashToken } from '../../tokens';
import { isUrgentMail, type MailJob } from './mail.jobs';
import type { MailLinkTokens, MailOrders, MailUsers } from './mail.ports';
import type { Shop } from './mail.templates';

export interface MailConfig {
  shop: Shop;
  /** The page or app deep link a verification e-mail links to (EMAIL_VERIFY_URL). */
  emailVerifyUrl: string;
  /** The page or app deep link a reset e-mail links to (PASSWORD_RESET_URL). */
  passwordResetUrl: string;
  passwordResetTtlMinutes: number;
}

export interface MailServiceDeps {
  users: MailUsers;
  orders: MailOrders;
  /** Mints the token of a reset or verification link when its job runs. */
  linkTokens: MailLinkTokens;
  mailer: Mailer;
  config: MailConfig;
  /** Removes a field from a job's data once it is sent (the jobs slice's repository). */
  forgetJobField?: (jobId: string, field: string) => Promise<void>;
}

/** `base` with `token` and `email` added to whatever query it already has. */
export function linkWithToken(base: string, token: string, email: string): string {
  const url = new URL(base);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

/**
 * One e-mail as HTML and plain text, from its component: rendered once, the text converted from
 * that HTML (what `render(…, { plainText: true })` does after rendering the component again;
 * one render instead of two is 1.1 instead of 1.9 ms of CPU per e-mail, docs/performance.md).
 */
export async function renderMail(to: string, subject: string, element: ReactElement) {
  const { render, toPlainText } = await import('@react-email/render');
  const html = await render(element);
  return { to, subject, html, text: toPlainText(html) };
}

/*
 * React, react-dom/server and the templates are loaded with the first e-mail, not at start-up:
 * ~40 MB of RSS that an API-only process (JOBS_ENABLED=false) never needs (docs/performance.md).
 */
const loadTemplates = () => import('./mail.templates');

/** What a return's e-mail says of its new status. */
const RETURN_TEXT = {
  approved: 'We approved your return: send the items back as agreed.',
  rejected: 'We could not accept your return.',
  refunded: 'We received your items and refunded them.',
  exchanged: 'We received your items and sent the replacement.',
} as const;

/**
 * Turns a mail job into the e-mail and hands it to the mailer. Data is read when the job runs
 * (an order's current status and tracking); the job's id is the delivery's idempotency key, so a
 * retry after an unclear failure never sends a second copy. An e-mail with a link's token is the
 * exception: each attempt mints a new token (voiding the previous attempt's), so its key is the
 * job's id and the token's digest, and a retry after an unclear failure may deliver a second
 * e-mail whose link is the one that works. A job whose user or order no longer exists (or whose
 * reset was asked for an unknown or blocked address) has nothing to send and completes.
 */
export function createMailService(deps: MailServiceDeps) {
  const { config } = deps;
  const { shop } = config;

  /** The job's id, and the link token the e-mail carries once one is minted. */
  interface Delivery {
    jobId: string;
    token?: string;
  }

  async function linkToken(
    kind: 'reset' | 'verification' | 'invite',
    userId: number,
    delivery: Delivery,
  ) {
    delivery.token = await deps.linkTokens[kind](userId, delivery.jobId);
    return delivery.token;
  }

  async function compose(job: MailJob, delivery: Delivery) {
    const {
      AccountDeletedEmail,
      GiftCardEmail,
      OrderCanceledEmail,
      OrderPlacedEmail,
      OrderRefundedEmail,
      OrderStatusEmail,
      ReturnStatusEmail,
      PasswordChangedEmail,
      PasswordResetEmail,
      VerifyEmail,
      WelcomeEmail,
    } = await loadTemplates();
    switch (job.kind) {
      case 'welcome':
      case 'verify-email': {
        const user = await deps.users.findById(job.userId);
        // A deleted account keeps its row (emptied, docs/privacy.md): nothing more is sent to it.
        if (!user?.email || user.deletedAt) return undefined;
        const token = await linkToken('verification', user.id, delivery);
        if (!token) return undefined;
        const verifyLink = linkWithToken(config.emailVerifyUrl, token, user.email);
        return job.kind === 'welcome'
          ? renderMail(
              user.email,
              `Welcome to ${shop.name}`,
              WelcomeEmail({ shop, name: user.name, verifyLink }),
            )
          : renderMail(
              user.email,
              'Confirm your e-mail address',
              VerifyEmail({ shop, name: user.name, verifyLink }),
            );
      }
      case 'staff-invite': {
        const user = await deps.users.findById(job.userId);
        // Disabled or accepted meanwhile (a password set): nothing to send.
        if (!user?.email || user.blockedAt || user.deletedAt || user.passwordHash) return undefined;
        const token = await linkToken('invite', user.id, delivery);
        if (!token) return undefined;
        const { StaffInviteEmail } = await import('./staff.templates');
        const acceptLink = new URL(`${shop.url.replace(/\/+$/, '')}/admin/accept-invite`);
        acceptLink.searchParams.set('token', token);
        return renderMail(
          user.email,
          `You are invited to ${shop.name}'s back office`,
          StaffInviteEmail({ shop, name: user.name, acceptLink: acceptLink.toString() }),
        );
      }
      case 'password-reset': {
        const user = job.userId === null ? undefined : await deps.users.findById(job.userId);
        if (!user?.email || user.blockedAt || user.deletedAt) return undefined;
        const token = await linkToken('reset', user.id, delivery);
        if (!token) return undefined;
        return renderMail(
          user.email,
          'Reset your password',
          PasswordResetEmail({
            shop,
            name: user.name,
            token,
            resetLink: linkWithToken(config.passwordResetUrl, token, user.email),
            validMinutes: config.passwordResetTtlMinutes,
          }),
        );
      }
      case 'password-changed': {
        const user = await deps.users.findById(job.userId);
        if (!user?.email) return undefined;
        return renderMail(
          user.email,
          job.how === 'reset' ? 'Your password was reset' : 'Your password was changed',
          PasswordChangedEmail({
            shop,
            name: user.name,
            how: job.how,
            resetLink: config.passwordResetUrl,
          }),
        );
      }
      case 'account-deleted':
        return renderMail(
          job.email,
          'Your account was deleted',
          AccountDeletedEmail({ shop, name: job.name }),
        );
      case 'gift-card':
        // Sent already: the job forgot the code after the send, then died before completing.
        if (!job.code) return undefined;
        return renderMail(
          job.to,
          `Your ${shop.name} gift card`,
          GiftCardEmail({
            shop,
            code: job.code,
            amount: formatMoney(job.amountMinor / 100, job.currency),
            message: job.message,
            expiresOn: job.expiresAt ? job.expiresAt.slice(0, 10) : null,
          }),
        );
      case 'store-credit': {
        if (!job.code) return undefined;
        const found = await deps.orders.findWithOwner(job.orderId);
        const user = found && (await deps.users.findById(found.userId));
        const to = user?.email || found?.checkoutEmail;
        if (!user || !to) return undefined;
        return renderMail(
          to,
          `Your ${shop.name} store credit`,
          GiftCardEmail({
            shop,
            code: job.code,
            amount: formatMoney(job.amountMinor / 100, job.currency),
            message: `Store credit for your return ${job.returnNumber}: usable at once, like a gift card. The app shows it under Store credit.`,
            expiresOn: null,
          }),
        );
      }
      case 'payment-refunded': {
        const { PaymentRefundedEmail } = await import('./payment-refunded.template');
        const user = await deps.users.findById(job.userId);
        // A guest (or an account without an e-mail) is written to at the checkout's e-mail.
        const to = user?.email || job.checkoutEmail;
        if (!user || !to) return undefined;
        return renderMail(
          to,
          'Your payment is being refunded',
          PaymentRefundedEmail({
            shop,
            name: user.name,
            amount: formatMoney(job.amountMinor / 100, job.currency),
            reason: job.reason,
            orderNumber: job.orderNumber,
          }),
        );
      }
      case 'order-placed':
      case 'order-status':
      case 'order-canceled':
      case 'order-refunded':
      case 'payment-link':
      case 'return-status': {
        const found = await deps.orders.findWithOwner(job.orderId);
        if (!found) return undefined;
        const user = await deps.users.findById(found.userId);
        // A guest (or an account without an e-mail) is written to at the checkout's e-mail.
        const to = user?.email || found.checkoutEmail;
        if (!user || !to) return undefined;
        const { order } = found;
        if (job.kind === 'order-placed') {
          return renderMail(
            to,
            `Order ${order.order_number} confirmed`,
            OrderPlacedEmail({ shop, order }),
          );
        }
        if (job.kind === 'payment-link') {
          const { PaymentLinkEmail } = await import('./payment-link.template');
          return renderMail(
            to,
            `Pay for order ${order.order_number} online`,
            PaymentLinkEmail({
              shop,
              order,
              url: job.url,
              amount: formatMoney(job.amountMinor / 100, job.currency),
              expiresAt: job.expiresAt.slice(0, 16).replace('T', ' '),
            }),
          );
        }
        if (job.kind === 'order-canceled') {
          return renderMail(
            to,
            `Order ${order.order_number} cancelled`,
            OrderCanceledEmail({
              shop,
              order,
              refund: job.refundMinor === undefined ? order.amount_due : job.refundMinor / 100,
            }),
          );
        }
        if (job.kind === 'return-status') {
          const amount =
            job.amountMinor > 0 ? formatMoney(job.amountMinor / 100, job.currency) : null;
          return renderMail(
            to,
            `Return ${job.returnNumber} ${job.status}`,
            ReturnStatusEmail({
              shop,
              order,
              number: job.returnNumber,
              status: job.status,
              text: RETURN_TEXT[job.status],
              note: job.note,
              amount,
            }),
          );
        }
        if (job.kind === 'order-refunded') {
          return renderMail(
            to,
            `Part of order ${order.order_number} refunded`,
            OrderRefundedEmail({
              shop,
              order,
              amount: job.amountMinor > 0 ? formatMoney(job.amountMinor / 100, job.currency) : null,
              uncollected:
                job.uncollectedMinor > 0
                  ? formatMoney(job.uncollectedMinor / 100, job.currency)
                  : null,
              reason: job.reason,
            }),
          );
        }
        const subject = {
          processing: `Order ${order.order_number} is being prepared`,
          shipped: `Order ${order.order_number} has shipped`,
          completed: `Order ${order.order_number} has been delivered`,
        }[job.status];
        return renderMail(
          to,
          subject,
          OrderStatusEmail({
            shop,
            order,
            status: job.status,
            shipment: found.shipment,
          }),
        );
      }
    }
  }

  return {
    /** Sends the e-mail of one mail job; throws (→ retry) when the mailer failed. */
    async deliver(job: { id: string; data: MailJob }): Promise<void> {
      const delivery: Delivery = { jobId: job.id };
      const message = await compose(job.data, delivery);
      if (!message) return;
      const idempotencyKey = delivery.token
        ? `${job.id}-${hashToken(delivery.token).slice(0, 16)}`
        : job.id;
      await deps.mailer.send(message, { idempotencyKey, urgent: isUrgentMail(job.data) });
      // A gift card's code is a bearer secret: kept in the job table only until it is sent.
      if (job.data.kind === 'gift-card' || job.data.kind === 'store-credit') {
        await deps.forgetJobField?.(job.id, 'code');
      }
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
