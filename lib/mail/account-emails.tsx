import { Button, Hr, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { ReactNode } from 'react';
import type { AccountMailKind } from '@/lib/domain/accounts';
import { EmailLayout, emailStyles as styles } from './layout';

// The e-mails about an account itself: a link to confirm an address or to set a new
// password, a warning to the address it concerns, a download ready. Each is a subject and
// a React Email body, sent as HTML with its plain-text part.

/** What each kind of message is told, all strings (the outbox keeps them as JSON). */
export type AccountMailPayloads = {
  sign_up_confirm: { name: string; url: string };
  verify_email: { name: string; url: string };
  sign_up_attempt: { name: string; signInUrl: string; resetUrl: string };
  password_reset: { name: string; url: string };
  email_change_confirm: { name: string; url: string; newEmail: string };
  email_change_notice: { name: string; newEmail: string; resetUrl: string };
  export_ready: { name: string; url: string; expires: string };
  account_deleted: { name: string };
  newsletter_confirm: { name: string; url: string };
};

export type AccountMail = { [K in AccountMailKind]: { kind: K; payload: AccountMailPayloads[K] } }[AccountMailKind];

function Message({
  name,
  lead,
  children,
  action,
  footer,
}: {
  name: string;
  lead: string;
  children?: ReactNode;
  action?: { url: string; label: string };
  footer: string;
}) {
  return (
    <EmailLayout preview={lead}>
      <Text style={styles.text}>Hi {name},</Text>
      <Text style={styles.lead}>{lead}</Text>
      {children}
      {action ? (
        <Section style={{ margin: '20px 0' }}>
          <Button href={action.url} style={styles.button}>
            {action.label}
          </Button>
        </Section>
      ) : null}
      <Hr style={{ borderColor: '#e2e8f0' }} />
      <Text style={styles.small}>{footer}</Text>
    </EmailLayout>
  );
}

const NOT_YOU = 'If this was not you, you can ignore this e-mail: nothing changes.';

type Parts = {
  subject: string;
  lead: string;
  detail?: string;
  action?: { url: string; label: string };
  footer: string;
};

/** What each kind says, from what it is told. */
const PARTS: { [K in AccountMailKind]: (payload: AccountMailPayloads[K]) => Parts } = {
  sign_up_confirm: ({ url }) => ({
    subject: 'Confirm your e-mail address',
    lead: 'Please confirm that this is your e-mail address: your Envolve account is made when you do.',
    detail:
      'Open the link in the browser you signed up in and you are signed in at once; anywhere else, it asks for the password you chose.',
    action: { url, label: 'Confirm my address' },
    footer: 'The link works for 48 hours. If you did not sign up, ignore this e-mail: no account is made.',
  }),
  verify_email: ({ url }) => ({
    subject: 'Confirm your e-mail address',
    lead: 'Please confirm that this is your e-mail address.',
    detail: 'Until you do, Envolve sends you no notification e-mails, and you cannot pay or sell.',
    action: { url, label: 'Confirm my address' },
    footer: `The link works for 48 hours. ${NOT_YOU}`,
  }),
  sign_up_attempt: ({ signInUrl, resetUrl }) => ({
    subject: 'Someone tried to sign up with your address',
    lead: 'Someone tried to create an Envolve account with this e-mail address, which already has one.',
    detail: `If it was you, sign in instead. Forgot your password? Set a new one here: ${resetUrl}`,
    action: { url: signInUrl, label: 'Sign in' },
    footer: NOT_YOU,
  }),
  password_reset: ({ url }) => ({
    subject: 'Reset your Envolve password',
    lead: 'You asked to set a new password for your Envolve account.',
    action: { url, label: 'Set a new password' },
    footer:
      'The link works once, for 30 minutes. If you did not ask, ignore this e-mail: your password stays as it is.',
  }),
  email_change_confirm: ({ url, newEmail }) => ({
    subject: 'Confirm your new e-mail address',
    lead: `Please confirm ${newEmail} as the new address of your Envolve account.`,
    action: { url, label: 'Confirm the new address' },
    footer: `The link works for 24 hours. Until you follow it, your account keeps its old address. ${NOT_YOU}`,
  }),
  email_change_notice: ({ newEmail, resetUrl }) => ({
    subject: 'Your Envolve address is being changed',
    lead: `Someone signed in to your account asked to change its e-mail address to ${newEmail}.`,
    action: { url: resetUrl, label: 'Secure my account' },
    footer:
      'Nothing changes until the link sent to the new address is followed. If this was not you, set a new password now: that ends every session.',
  }),
  export_ready: ({ url, expires }) => ({
    subject: 'Your Envolve data is ready',
    lead: 'The copy of your data you asked for is ready to download.',
    action: { url, label: 'Download my data' },
    footer: `You can download it from your account settings until ${expires}.`,
  }),
  account_deleted: () => ({
    subject: 'Your Envolve account was deleted',
    lead: 'Your Envolve account and your profile are deleted.',
    footer:
      'Payment records stay, without your name, because the law asks us to keep them. You can sign up again with this address at any time.',
  }),
  newsletter_confirm: ({ url }) => ({
    subject: 'Confirm your Envolve newsletter sign-up',
    lead: 'Someone asked for the Envolve newsletter at this address. Was it you?',
    detail: 'Nothing is sent to you until you confirm, and every newsletter has a link to stop it.',
    action: { url, label: 'Yes, subscribe me' },
    footer: 'The link works for 48 hours. If you did not ask, ignore this e-mail: you will not hear from us again.',
  }),
};

/** Each kind's subject and body. */
function compose<K extends AccountMailKind>(
  kind: K,
  payload: AccountMailPayloads[K],
): { subject: string; body: ReactNode } {
  const { subject, detail, ...parts } = PARTS[kind](payload);
  return {
    subject,
    body: (
      <Message name={payload.name} {...parts}>
        {detail ? <Text style={styles.text}>{detail}</Text> : null}
      </Message>
    ),
  };
}

/** The message's subject, HTML and plain text. */
export async function renderAccountMail(mail: AccountMail): Promise<{ subject: string; html: string; text: string }> {
  const { subject, body } = compose(mail.kind, mail.payload);
  const html = await render(<>{body}</>);
  return { subject, html, text: toPlainText(html) };
}
