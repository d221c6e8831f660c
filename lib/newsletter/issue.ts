import 'server-only';
import type { SendMailOptions } from 'nodemailer';
import { mailFrom } from '@/lib/mail/transport';
import { siteLink } from '@/lib/users/account-mail';
import { unsubscribeToken } from './links';

/** One newsletter as written: its subject, and its body as HTML and as plain text. */
export type NewsletterIssue = { subject: string; html: string; text: string };

/**
 * The message of `issue` for one confirmed subscriber. Every one carries its way out: a link
 * at the foot of the text and the HTML, and the one-click List-Unsubscribe header (RFC 8058)
 * that mail clients show as a button and call without opening a page.
 */
export function composeNewsletterMail(
  subscriber: { id: string; email: string },
  issue: NewsletterIssue,
): SendMailOptions {
  const token = unsubscribeToken(subscriber.id);
  const page = siteLink(`/newsletter/unsubscribe?token=${token}`);
  const oneClick = siteLink(`/api/newsletter/unsubscribe?token=${token}`);
  return {
    from: mailFrom(),
    to: subscriber.email,
    subject: issue.subject,
    html: `${issue.html}<hr><p style="font-size:12px;color:#64748b">You get this because you confirmed your sign-up for the Envolve newsletter. <a href="${page}">Unsubscribe</a></p>`,
    text: `${issue.text}\n\n--\nYou get this because you confirmed your sign-up for the Envolve newsletter.\nUnsubscribe: ${page}\n`,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
