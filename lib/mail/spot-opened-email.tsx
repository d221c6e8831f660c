import { Button, Hr, Link, Section, Text } from '@react-email/components';
import { EmailLayout, emailStyles as styles } from './layout';
import type { NotificationEmailProps } from './notification-email';

// The e-mail of a spot that opened on a sold-out envolvement someone waited for: the news,
// a button to the envolvement to join it, and why they got it. They left the waiting list
// as it was sent, so it says how to wait again. Rendered to HTML and to plain text.

export function SpotOpenedEmail(props: NotificationEmailProps) {
  return (
    <EmailLayout preview={props.text}>
      <Text style={{ color: '#0f172a', fontSize: '14px' }}>Hi {props.recipientName},</Text>
      <Text style={styles.lead}>{props.text}</Text>
      <Text style={styles.text}>
        Spots go to whoever joins first, and others may have been told too: join soon to be sure of yours.
      </Text>
      <Section style={{ margin: '20px 0' }}>
        <Button href={props.actionUrl} style={styles.button}>
          Join now
        </Button>
      </Section>
      <Hr style={{ borderColor: '#e2e8f0' }} />
      <Text style={styles.small}>
        You get this e-mail because you asked to be told when a spot opens. You have left its waiting list: if the spot
        is taken before you join, you can ask again on the envolvement&apos;s page.{' '}
        <Link href={props.unsubscribeUrl}>Stop e-mails about {props.topicLabel}</Link> or{' '}
        <Link href={props.preferencesUrl}>change your e-mail settings</Link>.
      </Text>
    </EmailLayout>
  );
}
