import { Button, Hr, Link, Section, Text } from '@react-email/components';
import { EmailLayout, emailStyles as styles } from './layout';

// The daily e-mail of new envolvements from the creators someone follows: each with its
// creator and a link to it, a button to the Following feed, and how to stop these e-mails.
// Rendered to HTML and to plain text.

export type DigestItem = { title: string; creatorName: string; url: string };

export type FollowDigestEmailProps = {
  recipientName: string;
  items: DigestItem[];
  feedUrl: string;
  topicLabel: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
};

/** The e-mail's subject, and the line its preview shows. */
export function digestSubject(count: number): string {
  return count === 1
    ? 'A new envolvement from a creator you follow'
    : `${count} new envolvements from creators you follow`;
}

export function FollowDigestEmail(props: FollowDigestEmailProps) {
  return (
    <EmailLayout preview={digestSubject(props.items.length)}>
      <Text style={{ color: '#0f172a', fontSize: '14px' }}>Hi {props.recipientName},</Text>
      <Text style={styles.lead}>Creators you follow published something new:</Text>
      {props.items.map((item) => (
        <Text key={item.url} style={styles.text}>
          <Link href={item.url}>{item.title}</Link> by {item.creatorName}
        </Text>
      ))}
      <Section style={{ margin: '20px 0' }}>
        <Button href={props.feedUrl} style={styles.button}>
          See everything you follow
        </Button>
      </Section>
      <Hr style={{ borderColor: '#e2e8f0' }} />
      <Text style={styles.small}>
        You get this e-mail, once a day at most, because you follow these creators and asked to hear about{' '}
        {props.topicLabel}. <Link href={props.unsubscribeUrl}>Stop e-mails about {props.topicLabel}</Link> or{' '}
        <Link href={props.preferencesUrl}>change your e-mail settings</Link>.
      </Text>
    </EmailLayout>
  );
}
