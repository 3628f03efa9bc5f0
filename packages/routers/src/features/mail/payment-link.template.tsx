/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, Heading, Section, Text } from '@react-email/components';
import type { MailOrder } from './mail.ports';
import { button, Layout, type Shop } from './mail.templates';

/**
 * "Pay online" for a cash-on-delivery order (the panel's Send payment link, issue 40): Razorpay
 * sends nothing itself (`notify` off), so this is the customer's only copy of the link.
 */
export function PaymentLinkEmail(props: {
  shop: Shop;
  order: MailOrder;
  url: string;
  amount: string;
  expiresAt: string;
}) {
  const { order } = props;
  return (
    <Layout shop={props.shop} preview={`Pay for order ${order.order_number} online`}>
      <Heading>Pay for order {order.order_number} online</Heading>
      <Text>
        Your order is to be paid in cash on delivery. Pay {props.amount} online now instead and
        nothing will be due when it arrives.
      </Text>
      <Section>
        <Button href={props.url} style={button}>
          Pay {props.amount}
        </Button>
      </Section>
      <Text>The link can be used until {props.expiresAt} (UTC).</Text>
    </Layout>
  );
}
