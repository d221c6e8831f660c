import 'server-only';
import { render, toPlainText } from '@react-email/render';
import { createElement } from 'react';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EMAIL_TOPIC_LABELS, TOPIC_OF, type NotificationKind } from '@/lib/domain/notifications';
import { NotificationEmail } from '@/lib/mail/notification-email';
import { SpotOpenedEmail } from '@/lib/mail/spot-opened-email';
import { deliver, hasDue, type ClaimedRow, type DeliveryReport, type Outbox } from '@/lib/mail/outbox';
import { mailFrom } from '@/lib/mail/transport';
import { siteUrl } from '@/lib/site';
import { publicNameSql } from '@/lib/users/public-name-sql';
import { users } from '@/models';
import { unsubscribeToken } from './unsubscribe';
import { wantsEmail } from './write';

export { MAX_ATTEMPTS, type DeliveryReport } from '@/lib/mail/outbox';

// The notification e-mails' outbox (lib/mail/outbox.ts runs it): a message per row, to the
// recipient's address, unless they have since turned its topic off or have not confirmed
// the address (an unconfirmed one may be someone else's).

type Claimed = ClaimedRow & {
  recipient_id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  email: string | null;
  name: string;
  wants: boolean;
  verified: boolean;
};

const notificationOutbox: Outbox<Claimed> = {
  table: 'email_outbox',
  key: 'notification_id',
  scope: 'mail',
  details: sql`
    select c.key, c.attempts, c.locked_until, n.recipient_id, n.kind, n.text, n.link, u.email,
      ${publicNameSql(alias(users, 'u'))} as name,
      ${wantsEmail} as wants, u.email_verified_at is not null as verified
    from claimed c
    join notifications n on n.id = c.key
    join users u on u.id = n.recipient_id
    left join notification_preferences p on p.user_id = n.recipient_id`,
  // Asked at send time: an unsubscribe since the notification stops its e-mail.
  compose: async (row) =>
    row.email && row.wants && row.verified ? composeEmail({ ...row, notification_id: row.key }) : null,
};

/** The message of one notification, with its one-click unsubscribe headers. */
export async function composeEmail(
  row: Pick<Claimed, 'recipient_id' | 'kind' | 'text' | 'link' | 'email' | 'name'> & { notification_id: string },
) {
  const site = siteUrl();
  const topic = TOPIC_OF[row.kind];
  const token = unsubscribeToken(row.recipient_id, topic);
  // Mail clients post to the header's address at once (RFC 8058); a person following the
  // link in the text confirms on a page, so a scanner opening links unsubscribes no one.
  const oneClickUrl = `${site}/api/notifications/unsubscribe?token=${token}`;
  const unsubscribeUrl = `${site}/unsubscribe?token=${token}`;
  // A spot that opened asks the reader to act, and says why they hear of it; every other
  // kind reports what happened.
  const element = createElement(row.kind === 'spot_opened' ? SpotOpenedEmail : NotificationEmail, {
    recipientName: row.name,
    text: row.text,
    actionUrl: `${site}${row.link}`,
    topicLabel: EMAIL_TOPIC_LABELS[topic],
    preferencesUrl: `${site}/account#notifications`,
    unsubscribeUrl,
  });
  const html = await render(element);
  return {
    from: mailFrom(),
    to: row.email!,
    subject: row.text.length > 120 ? `${row.text.slice(0, 117)}…` : row.text,
    html,
    text: toPlainText(html),
    messageId: `<notification-${row.notification_id}@${new URL(site).hostname}>`,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Whether any notification e-mail is due now. */
export const hasDueEmail = () => hasDue('email_outbox');

/** Sends the notification e-mails that are due (see `deliver`). */
export const deliverDueEmails = (options: { signal?: AbortSignal } = {}): Promise<DeliveryReport> =>
  deliver(notificationOutbox, options);
