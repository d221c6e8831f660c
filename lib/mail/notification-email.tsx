import { Button, Hr, Link, Section, Text } from '@react-email/components';
import { EmailLayout, emailStyles as styles } from './layout';

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

export function NotificationEmail(props: NotificationEmailProps) {
  return (
    <EmailLayout preview={props.text}>
      <Text style={{ color: '#0f172a', fontSize: '14px' }}>Hi {props.recipientName},</Text>
      <Text style={styles.lead}>{props.text}</Text>
      <Section style={{ margin: '20px 0' }}>
        <Button href={props.actionUrl} style={styles.button}>
          Open in Envolve
        </Button>
      </Section>
      <Hr style={{ borderColor: '#e2e8f0' }} />
      <Text style={styles.small}>
        You get this e-mail because you asked to hear about {props.topicLabel} on Envolve.{' '}
        <Link href={props.unsubscribeUrl}>Stop e-mails about {props.topicLabel}</Link> or{' '}
        <Link href={props.preferencesUrl}>change your e-mail settings</Link>.
      </Text>
    </EmailLayout>
  );
}
