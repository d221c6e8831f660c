import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { NEWSLETTER_LINK_HOURS } from '@/lib/domain/newsletter';
import { AppError } from '@/lib/http/errors';
import { queueAccountMail, siteLink } from '@/lib/users/account-mail';
import { newsletterSubscribers } from '@/models';
import { readUnsubscribeToken } from './links';

// The newsletter's double opt-in. A sign-up mails a link and the address counts only once it
// is followed. Whatever the address (new, waiting, subscribed, gone), the request answers the
// same, so the form tells nobody who reads the newsletter; and what it mails an address is
// capped with every other e-mail to that address (queueAccountMail's `addressMail`), and to
// one link a RESEND_MINUTES, so the form cannot be aimed at a stranger's inbox.

/** The least time between two confirmation links to one address. */
export const RESEND_MINUTES = 15;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const byAddress = (address: string) => sql`lower(${newsletterSubscribers.email}) = ${address}`;

/**
 * Asks `email` to confirm a subscription: mails it a link, unless it is subscribed already,
 * was sent one in the last RESEND_MINUTES, or has had its share of e-mails for now.
 */
export async function subscribeToNewsletter(email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  await db().transaction(async (tx) => {
    const [known] = await tx
      .select({ status: newsletterSubscribers.status, tokenSentAt: newsletterSubscribers.tokenSentAt })
      .from(newsletterSubscribers)
      .where(byAddress(address))
      .for('update');
    if (known?.status === 'confirmed') return;
    const recent = known?.tokenSentAt && Date.now() - known.tokenSentAt.getTime() < RESEND_MINUTES * 60_000;
    if (known?.status === 'pending' && recent) return;
    const url = siteLink(`/newsletter/confirm?token=${token}`);
    const queued = await queueAccountMail(
      address,
      { kind: 'newsletter_confirm', payload: { name: 'there', url } },
      null,
      tx,
    );
    // Past the address's cap no link is made: the one mailed before still works.
    if (!queued) return;
    // Confirmed meanwhile by another request: it stays so.
    await tx.execute(sql`
      insert into ${newsletterSubscribers} as s (email, status, token_hash, token_sent_at)
      values (${address}, 'pending', ${hashOf(token)}, now())
      on conflict (lower(email)) do update
        set status = 'pending', token_hash = excluded.token_hash, token_sent_at = excluded.token_sent_at
        where s.status <> 'confirmed'`);
  });
}

const LINK_REFUSED =
  'This confirmation link is not valid or has expired. Sign up again on the home page to get a new one.';

/** Confirms the subscription a mailed link names; the link works once, for NEWSLETTER_LINK_HOURS. */
export async function confirmNewsletter(token: string): Promise<void> {
  const confirmed = await db()
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: new Date(), unsubscribedAt: null, tokenHash: null })
    .where(
      and(
        eq(newsletterSubscribers.tokenHash, hashOf(token)),
        eq(newsletterSubscribers.status, 'pending'),
        sql`${newsletterSubscribers.tokenSentAt} > now() - make_interval(hours => ${NEWSLETTER_LINK_HOURS})`,
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (confirmed.length === 0) throw new AppError('gone', LINK_REFUSED);
}

/**
 * Ends the subscription a newsletter's signed unsubscribe link names. Following it again, or
 * for an address since forgotten, changes nothing and is not an error.
 */
export async function unsubscribeFromNewsletter(token: string): Promise<void> {
  const subscriberId = readUnsubscribeToken(token);
  if (!subscriberId) throw new AppError('bad_request', 'This unsubscribe link is not valid.');
  await db()
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date(), tokenHash: null })
    .where(and(eq(newsletterSubscribers.id, subscriberId), ne(newsletterSubscribers.status, 'unsubscribed')));
}

/** The addresses that receive the newsletter: confirmed and not unsubscribed. */
export async function confirmedSubscribers(): Promise<Array<{ id: string; email: string }>> {
  return db()
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(newsletterSubscribers.createdAt);
}
