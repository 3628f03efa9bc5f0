/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { AddressSnapshot } from '@storefront/db/schema';
import type { ReactNode } from 'react';
import { addressLines } from '../../address-lines';
import { formatMoney as money } from '../../money';
import type { MailOrder, Shipment } from './mail.ports';

/*
 * Every e-mail the shop sends, written once as react-email components; mail.service.ts renders
 * each to HTML and to plain text. Links point at the shop (APP_URL) or the app's pages
 * (EMAIL_VERIFY_URL, PASSWORD_RESET_URL), never at the API.
 */

export interface Shop {
  name: string;
  /** APP_URL: the shop's site. */
  url: string;
}

const page = { backgroundColor: '#f6f6f6', fontFamily: 'Helvetica, Arial, sans-serif' };
const card = {
  backgroundColor: '#ffffff',
  padding: '24px',
  margin: '24px auto',
  maxWidth: '560px',
};
export const button = {
  backgroundColor: '#111111',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '4px',
  textDecoration: 'none',
};
export const muted = { color: '#666666', fontSize: '13px' };

export function Layout(props: { shop: Shop; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          {props.children}
          <Hr />
          <Text style={muted}>
            {props.shop.name} · <Link href={props.shop.url}>{props.shop.url}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function AddressBlock(props: { title: string; address: AddressSnapshot }) {
  const lines = addressLines(props.address);
  return (
    <Section>
      <Text>
        <strong>{props.title}</strong>
        {lines.map((line) => (
          <span key={line}>
            <br />
            {line}
          </span>
        ))}
      </Text>
    </Section>
  );
}

function OrderSummary(props: { order: MailOrder }) {
  const { order } = props;
  const rows: Array<[string, string]> = [
    ['Subtotal', money(order.subtotal, order.currency)],
    ...(order.discount > 0
      ? [
          [
            `Discount${order.coupon_code ? ` (${order.coupon_code})` : ''}`,
            `-${money(order.discount, order.currency)}`,
          ] as [string, string],
        ]
      : []),
    ['Shipping', money(order.shipping, order.currency)],
    ['Tax', money(order.tax, order.currency)],
    ['Total', money(order.total, order.currency)],
    // Gift cards and points (issue 26): what they paid, and what is left due.
    ...order.gift_cards.map((card): [string, string] => [
      `Gift card …${card.last4}`,
      `-${money(card.amount, order.currency)}`,
    ]),
    ...(order.loyalty_points > 0
      ? [
          [
            `Loyalty points (${order.loyalty_points})`,
            `-${money(order.loyalty_amount, order.currency)}`,
          ] as [string, string],
        ]
      : []),
    ...(order.gift_card_amount > 0 || order.loyalty_amount > 0
      ? [['Amount due', money(order.amount_due, order.currency)] as [string, string]]
      : []),
  ];
  return (
    <Section>
      {order.items.map((item) => (
        <Text key={item.id}>
          {item.quantity} × {item.product_name}
          {item.variant_name ? ` (${item.variant_name})` : ''} — {money(item.total, order.currency)}
        </Text>
      ))}
      <Hr />
      {rows.map(([label, value]) => (
        <Text key={label}>
          {label}: {value}
        </Text>
      ))}
    </Section>
  );
}

export function WelcomeEmail(props: { shop: Shop; name: string; verifyLink: string }) {
  return (
    <Layout shop={props.shop} preview={`Welcome to ${props.shop.name}: confirm your e-mail`}>
      <Heading>Welcome to {props.shop.name}</Heading>
      <Text>Hello {props.name}, your account is ready.</Text>
      <Text>Please confirm this is your e-mail address:</Text>
      <Button href={props.verifyLink} style={button}>
        Verify my e-mail
      </Button>
      <Text style={muted}>The link is valid for 24 hours and works once.</Text>
    </Layout>
  );
}

export function VerifyEmail(props: { shop: Shop; name: string; verifyLink: string }) {
  return (
    <Layout shop={props.shop} preview="Confirm your e-mail address">
      <Heading>Confirm your e-mail address</Heading>
      <Text>Hello {props.name}, please confirm this is your e-mail address:</Text>
      <Button href={props.verifyLink} style={button}>
        Verify my e-mail
      </Button>
      <Text style={muted}>
        The link is valid for 24 hours and works once. If you did not ask for it, ignore this
        e-mail.
      </Text>
    </Layout>
  );
}

export function PasswordResetEmail(props: {
  shop: Shop;
  name: string;
  token: string;
  resetLink: string;
  validMinutes: number;
}) {
  return (
    <Layout shop={props.shop} preview="Reset your password">
      <Heading>Reset your password</Heading>
      <Text>
        Hello {props.name}, we received a request to reset your password. Use this token in the app:
      </Text>
      <Text>
        <code>{props.token}</code>
      </Text>
      <Button href={props.resetLink} style={button}>
        Reset my password
      </Button>
      <Text style={muted}>
        It is valid for {props.validMinutes} minutes and can be used once. If you did not ask for
        this, ignore this e-mail.
      </Text>
    </Layout>
  );
}

export function PasswordChangedEmail(props: {
  shop: Shop;
  name: string;
  how: 'changed' | 'reset';
  resetLink: string;
}) {
  return (
    <Layout shop={props.shop} preview="Your password was changed">
      <Heading>Your password was {props.how === 'reset' ? 'reset' : 'changed'}</Heading>
      <Text>
        Hello {props.name}, the password of your {props.shop.name} account was just{' '}
        {props.how === 'reset' ? 'reset' : 'changed'}, and your other devices were signed out.
      </Text>
      <Text>
        Wasn’t you? <Link href={props.resetLink}>Reset your password here</Link> and contact us.
      </Text>
    </Layout>
  );
}

export function AccountDeletedEmail(props: { shop: Shop; name: string }) {
  return (
    <Layout shop={props.shop} preview="Your account was deleted">
      <Heading>Your account was deleted</Heading>
      <Text>
        Hello {props.name}, as you asked, your {props.shop.name} account and the personal data it
        held are deleted. Orders stay on our books, without your name, e-mail or phone, for as long
        as the law requires.
      </Text>
      <Text>Wasn’t you? Contact us at once.</Text>
    </Layout>
  );
}

export function OrderPlacedEmail(props: { shop: Shop; order: MailOrder }) {
  const { order } = props;
  return (
    <Layout shop={props.shop} preview={`Order ${order.order_number} confirmed`}>
      <Heading>Thank you for your order</Heading>
      <Text>
        Order <strong>{order.order_number}</strong> is confirmed. We will tell you when it ships.
      </Text>
      <OrderSummary order={order} />
      <Text>
        Payment: {order.payment_method} ({order.payment_status})
      </Text>
      <Text>Shipping: {order.shipping_method}</Text>
      <AddressBlock title="Shipping address" address={order.shipping_address} />
      <AddressBlock title="Billing address" address={order.billing_address} />
    </Layout>
  );
}

const STATUS_TEXT = {
  processing: 'is being prepared',
  shipped: 'has shipped',
  completed: 'has been delivered',
} as const;

export function OrderStatusEmail(props: {
  shop: Shop;
  order: MailOrder;
  status: keyof typeof STATUS_TEXT;
  shipment: Shipment;
}) {
  const { order, shipment } = props;
  const text = `Order ${order.order_number} ${STATUS_TEXT[props.status]}`;
  return (
    <Layout shop={props.shop} preview={text}>
      <Heading>{text}</Heading>
      {props.status === 'shipped' && shipment.carrier ? (
        <Section>
          <Text>
            Carrier: {shipment.carrier}
            <br />
            Tracking number: {shipment.trackingNumber}
          </Text>
          {shipment.trackingUrl ? (
            <Button href={shipment.trackingUrl} style={button}>
              Track the parcel
            </Button>
          ) : null}
        </Section>
      ) : null}
      {props.status === 'completed' ? (
        <Text>We hope you enjoy it. You can review the products in the app.</Text>
      ) : null}
      <OrderSummary order={order} />
    </Layout>
  );
}

/** `refund`: what this cancel gives back to the payment method (less after partial refunds). */
export function OrderCanceledEmail(props: { shop: Shop; order: MailOrder; refund: number }) {
  const { order, refund } = props;
  const refunded =
    (order.payment_status === 'refunded' || order.payment_status === 'refund_pending') &&
    order.amount_due > 0;
  const paymentBack =
    refund >= order.amount_due
      ? `The payment of ${money(order.amount_due, order.currency)} is being refunded to your original payment method.`
      : refund > 0
        ? `${money(refund, order.currency)} is being refunded to your original payment method; the rest of the payment was refunded earlier.`
        : 'What you paid was refunded earlier.';
  return (
    <Layout shop={props.shop} preview={`Order ${order.order_number} cancelled`}>
      <Heading>Order {order.order_number} was cancelled</Heading>
      {order.cancel_reason ? <Text>Reason: {order.cancel_reason}</Text> : null}
      <Text>{refunded ? paymentBack : 'Nothing was charged for this order.'}</Text>
      {order.gift_card_amount > 0 || order.loyalty_points > 0 ? (
        <Text>What your gift cards and loyalty points paid has been returned to them.</Text>
      ) : null}
      <OrderSummary order={order} />
    </Layout>
  );
}

export function OrderRefundedEmail(props: {
  shop: Shop;
  order: MailOrder;
  amount: string | null;
  uncollected: string | null;
  reason: string;
}) {
  const { order } = props;
  return (
    <Layout shop={props.shop} preview={`Part of order ${order.order_number} refunded`}>
      <Heading>Part of order {order.order_number} was refunded</Heading>
      <Text>{props.reason}.</Text>
      {props.uncollected ? (
        <Text>Cash on delivery will collect {props.uncollected} less.</Text>
      ) : null}
      {props.amount ? (
        <Text>
          {props.amount} is being refunded the way you paid: to your original payment method first,
          then to your gift cards and loyalty points.
        </Text>
      ) : null}
      <OrderSummary order={order} />
    </Layout>
  );
}

export function ReturnStatusEmail(props: {
  shop: Shop;
  order: MailOrder;
  number: string;
  status: string;
  text: string;
  note: string | null;
  amount: string | null;
}) {
  return (
    <Layout shop={props.shop} preview={`Return ${props.number} ${props.status}`}>
      <Heading>Return {props.number}</Heading>
      <Text>{props.text}</Text>
      {props.note ? <Text>{props.note}</Text> : null}
      {props.amount ? <Text>Refunded: {props.amount}.</Text> : null}
      <OrderSummary order={props.order} />
    </Layout>
  );
}

export function GiftCardEmail(props: {
  shop: Shop;
  code: string;
  amount: string;
  message: string | null;
  expiresOn: string | null;
}) {
  return (
    <Layout shop={props.shop} preview={`A ${props.amount} gift card from ${props.shop.name}`}>
      <Heading>You received a {props.amount} gift card</Heading>
      {props.message ? <Text>{props.message}</Text> : null}
      <Text>Your code:</Text>
      <Text style={{ fontSize: '22px', fontFamily: 'monospace', letterSpacing: '2px' }}>
        {props.code}
      </Text>
      <Text>
        Enter it at checkout in the {props.shop.name} app.
        {props.expiresOn ? ` It is valid until ${props.expiresOn}.` : ''}
      </Text>
      <Text style={muted}>Keep this code private: anyone who has it can spend the card.</Text>
    </Layout>
  );
}
