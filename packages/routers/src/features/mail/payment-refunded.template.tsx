/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Heading, Text } from '@react-email/components';
import { Layout, type Shop } from './mail.templates';

/**
 * "Your payment is being refunded": a payment that placed no order (checkout's reconciler), or
 * that came for an order no longer payable (a payment link paid after a cancel, issue 40).
 */
export function PaymentRefundedEmail(props: {
  shop: Shop;
  name: string;
  amount: string;
  reason: string;
  /** Set when the payment came for a placed order that could no longer be paid for. */
  orderNumber?: string | undefined;
}) {
  return (
    <Layout shop={props.shop} preview="Your payment is being refunded">
      <Heading>Your payment is being refunded</Heading>
      {props.orderNumber ? (
        <Text>
          Hello {props.name}, we received your payment of {props.amount} for order{' '}
          {props.orderNumber}, but it could no longer be paid for: {props.reason}
        </Text>
      ) : (
        <Text>
          Hello {props.name}, we received your payment of {props.amount}, but could not place the
          order: {props.reason}
        </Text>
      )}
      <Text>
        The full amount is being refunded to your original payment method; nothing else is needed
        from you.
      </Text>
    </Layout>
  );
}
