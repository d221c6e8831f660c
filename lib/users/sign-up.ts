import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { limitReached, consumeRateLimit } from '@/lib/rate-limit';
import type { RegisterInput } from '@/lib/validation/auth';
import { users } from '@/models';
import { queueAccountMail, siteLink } from './account-mail';
import { createLocalUser, EmailTakenError } from './service';
import { sendVerification } from './verification';

// Sign-up answers the same whether the address is new or already has an account: "check
// your inbox". A new account is made, unconfirmed, and its owner is sent a link to confirm
// the address; the owner of an address that has one is told someone tried, with links to
// sign in and to set a new password. So the form cannot be used to learn who has an account.
// (A handle already taken is said openly: handles are public.)

/**
 * Makes the account, or tells the address's owner that someone tried. Throws only what the
 * person must fix (a weak password, a handle taken), which says nothing of the address.
 */
export async function signUp(input: RegisterInput): Promise<void> {
  try {
    const user = await createLocalUser(input);
    await sendVerification({ id: user.id, name: user.name, email: user.email! });
  } catch (error) {
    // The password was hashed before the address was found taken: both ways cost the same.
    if (!(error instanceof EmailTakenError)) throw error;
    await tellOwnerOfAttempt(input.email);
  }
}

async function tellOwnerOfAttempt(email: string): Promise<void> {
  const [owner] = await db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!owner?.email) return;
  // At most a few a day, whoever asks: past that, the same answer and no e-mail.
  if (await limitReached('addressMail', owner.email)) return;
  await consumeRateLimit('addressMail', owner.email).catch(() => undefined);
  await queueAccountMail(
    owner.email,
    {
      kind: 'sign_up_attempt',
      payload: { name: owner.name, signInUrl: siteLink('/login'), resetUrl: siteLink('/forgot-password') },
    },
    owner.id,
  );
}
