import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';

// The e-mail of one notification: what happened, a button to the place it concerns, and
// how to stop e-mails of this kind. Rendered to HTML and to plain text.

export type NotificationEmailProps = {
  recipientName: string;
  text: string;
  actionUrl: string;
  topicLabel: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
};

const page = { backgroundColor: '#f8fafc', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: '12px', padding: '24px', maxWidth: '520px' };
const button = {
  backgroundColor: '#6d28d9',
  borderRadius: '8px',
  color: '#ffffff',
  fontWeight: 600,
  padding: '10px 18px',
  textDecoration: 'none',
};
const small = { color: '#64748b', fontSize: '12px', lineHeight: '18px' };

export function NotificationEmail(props: NotificationEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.text}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ color: '#0f172a', fontSize: '14px' }}>Hi {props.recipientName},</Text>
          <Text style={{ color: '#0f172a', fontSize: '16px', fontWeight: 600 }}>{props.text}</Text>
          <Section style={{ margin: '20px 0' }}>
            <Button href={props.actionUrl} style={button}>
              Open in Envolve
            </Button>
          </Section>
          <Hr style={{ borderColor: '#e2e8f0' }} />
          <Text style={small}>
            You get this e-mail because you asked to hear about {props.topicLabel} on Envolve.{' '}
            <Link href={props.unsubscribeUrl}>Stop e-mails about {props.topicLabel}</Link> or{' '}
            <Link href={props.preferencesUrl}>change your e-mail settings</Link>.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
