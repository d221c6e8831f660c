import { Button, Hr, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/domain/money';
import type { MemberMailKind } from '@/lib/domain/member-mail';
import { memberPerks } from '@/lib/envolvements/welcome';
import { EmailLayout, emailStyles as styles } from './layout';

// A member's own e-mails: the welcome when they join, with what membership gives them and
// the creator's word to them, and the receipts of a card payment and of a refund. What they
// say was read from the database when the row was queued (lib/notifications/member-mail.ts).

/** What each kind is told, as the outbox keeps it (JSON). */
export type MemberMailPayloads = {
  welcome: {
    envolvementId: string;
    title: string;
    creatorName: string;
    welcomeMessage: string;
    submissionsOpen: boolean;
    comments: boolean;
  };
  payment_receipt: {
    paymentId: string;
    envolvementId: string;
    title: string;
    creatorName: string;
    amountCents: number;
    feeCents: number;
    currency: string;
    paidAt: string;
  };
  refund_receipt: {
    paymentId: string;
    envolvementId: string;
    title: string;
    creatorName: string;
    amountCents: number;
    refundedCents: number;
    feeRefundedCents: number;
    currency: string;
    refundedAt: string;
  };
};

export type MemberMail = { [K in MemberMailKind]: { kind: K; payload: MemberMailPayloads[K] } }[MemberMailKind];

type Rendered = { subject: string; html: string; text: string };

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const when = (iso: string) => `${DAY.format(new Date(iso))} UTC`;

const rowStyle = { color: '#0f172a', fontSize: '14px', margin: '4px 0' } as const;

/** A receipt's lines: a label and its amount, one to a line, so they read the same as text. */
function Lines({ lines }: { lines: Array<[string, string]> }) {
  return (
    <Section style={{ backgroundColor: '#f8fafc', borderRadius: '8px', padding: '12px 16px', margin: '16px 0' }}>
      {lines.map(([label, value]) => (
        <Text key={label} style={rowStyle}>
          {label}: <strong>{value}</strong>
        </Text>
      ))}
    </Section>
  );
}

function Message(props: { name: string; lead: string; children: ReactNode; action: { url: string; label: string } }) {
  return (
    <EmailLayout preview={props.lead}>
      <Text style={styles.text}>Hi {props.name},</Text>
      <Text style={styles.lead}>{props.lead}</Text>
      {props.children}
      <Section style={{ margin: '20px 0' }}>
        <Button href={props.action.url} style={styles.button}>
          {props.action.label}
        </Button>
      </Section>
      <Hr style={{ borderColor: '#e2e8f0' }} />
      <Text style={styles.small}>
        You get this e-mail because of your own membership on Envolve; it is not a newsletter, and it is sent once.
      </Text>
    </EmailLayout>
  );
}

function Welcome({ p, name, url }: { p: MemberMailPayloads['welcome']; name: string; url: string }) {
  return (
    <Message name={name} lead={`Welcome to ${p.title}!`} action={{ url, label: 'Open the envolvement' }}>
      {p.welcomeMessage ? (
        <>
          <Text style={styles.text}>{p.creatorName} says:</Text>
          <Text
            style={{ ...styles.text, borderLeft: '3px solid #6d28d9', paddingLeft: '12px', whiteSpace: 'pre-line' }}
          >
            {p.welcomeMessage}
          </Text>
        </>
      ) : null}
      <Text style={styles.text}>As a member you get:</Text>
      {memberPerks(p).map((perk) => (
        <Text key={perk} style={{ ...styles.text, margin: '2px 0' }}>
          • {perk}
        </Text>
      ))}
    </Message>
  );
}

function PaymentReceipt({ p, name, url }: { p: MemberMailPayloads['payment_receipt']; name: string; url: string }) {
  const money = (cents: number) => formatMoney(cents, p.currency);
  return (
    <Message
      name={name}
      lead={`Your receipt: ${money(p.amountCents)} for ${p.title}`}
      action={{ url, label: 'Open the envolvement' }}
    >
      <Lines
        lines={[
          ['Envolvement', p.title],
          ['Paid to', p.creatorName],
          ['Amount paid', money(p.amountCents)],
          ['Envolve platform fee (included)', money(p.feeCents)],
          ['To the creator', money(p.amountCents - p.feeCents)],
          ['Date', when(p.paidAt)],
          ['Payment reference', p.paymentId],
        ]}
      />
      <Text style={styles.small}>
        Keep this e-mail as your receipt; the payment reference names it to us and to Stripe.
      </Text>
    </Message>
  );
}

function RefundReceipt({ p, name, url }: { p: MemberMailPayloads['refund_receipt']; name: string; url: string }) {
  const money = (cents: number) => formatMoney(cents, p.currency);
  return (
    <Message
      name={name}
      lead={`Refund receipt: ${money(p.refundedCents)} for ${p.title}`}
      action={{ url, label: 'Open the envolvement' }}
    >
      <Lines
        lines={[
          ['Envolvement', p.title],
          ['Originally paid', money(p.amountCents)],
          ['Amount refunded', money(p.refundedCents)],
          ['Envolve platform fee returned', money(p.feeRefundedCents)],
          ['Date', when(p.refundedAt)],
          ['Payment reference', p.paymentId],
        ]}
      />
      <Text style={styles.small}>A refund reaches your card within 5–10 business days.</Text>
    </Message>
  );
}

/** The subject and the HTML and text bodies of a member's e-mail, with links into `site`. */
export async function renderMemberMail(mail: MemberMail, name: string, site: string): Promise<Rendered> {
  const url = `${site}/envolvement/${mail.payload.envolvementId}`;
  let subject: string;
  let body: ReactNode;
  switch (mail.kind) {
    case 'welcome':
      subject = `Welcome to ${mail.payload.title}`;
      body = <Welcome p={mail.payload} name={name} url={url} />;
      break;
    case 'payment_receipt':
      subject = `Receipt for ${mail.payload.title}`;
      body = <PaymentReceipt p={mail.payload} name={name} url={url} />;
      break;
    case 'refund_receipt':
      subject = `Refund receipt for ${mail.payload.title}`;
      body = <RefundReceipt p={mail.payload} name={name} url={url} />;
      break;
  }
  const html = await render(body);
  return { subject: subject.length > 120 ? `${subject.slice(0, 117)}…` : subject, html, text: toPlainText(html) };
}
