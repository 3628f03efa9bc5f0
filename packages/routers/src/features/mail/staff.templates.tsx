import { Button, Heading, Text } from '@react-email/components';
import { button, Layout, muted, type Shop } from './mail.templates';

/** The invitation to the back office (admin.staff.invite): its link sets the password. */
export function StaffInviteEmail(props: { shop: Shop; name: string; acceptLink: string }) {
  return (
    <Layout shop={props.shop} preview={`You are invited to ${props.shop.name}'s back office`}>
      <Heading>Join {props.shop.name}'s back office</Heading>
      <Text>
        Hello {props.name}, you were invited to help run {props.shop.name}. Set your password to
        sign in:
      </Text>
      <Button href={props.acceptLink} style={button}>
        Set your password
      </Button>
      <Text style={muted}>The link is valid for 72 hours and works once.</Text>
    </Layout>
  );
}
