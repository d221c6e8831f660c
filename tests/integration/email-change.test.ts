import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { TOKEN_LIFETIME_MINUTES } from '@/lib/domain/accounts';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { confirmEmailChange } from '@/lib/users/email-change';
import { resetLinkWorks } from '@/lib/users/recovery';
import { endAllSessions, verifyLocalCredentials } from '@/lib/users/service';
import { issueToken } from '@/lib/users/tokens';
import { verifyEmail } from '@/lib/users/verification';
import { accountRequests, users } from '@/models';
import { type TestUser, createLocalUser, createUser } from '../factories';
import { accountOf, expireTokens, laterBy, onlyMail, queuedMail, tokenMailed, tokensOf } from '../helpers/account-mail';
import { useTestDatabase } from '../helpers/db';
import { call, useSiteUrl } from '../helpers/http';

useTestDatabase();

const SITE = 'http://envolve.example';
const PASSWORD = 'Tulip-Rocket-Lantern-93';

useSiteUrl(SITE);

const changeEmail = (as: TestUser | null, json: unknown) => call('POST', '/api/account/email', { as, json });

async function answer(promise: ReturnType<typeof changeEmail>) {
  const { status, body } = await promise;
  return { status, body };
}

const accepted = (email: string) => ({ status: 202, body: { email } });
const refusal = (field: string, reason: string) => ({
  status: 400,
  body: { error: reason, code: 'bad_request', fields: { [field]: reason } },
});
const WRONG_PASSWORD = refusal('password', 'Your password is incorrect.');

let accounts = 0;
/** An e-mail and password account with a confirmed address. */
async function createAda(email = 'ada@example.com'): Promise<TestUser> {
  accounts += 1;
  const user = await createLocalUser({ name: 'Ada Lovelace', handle: `ada_${accounts}`, email, password: PASSWORD });
  await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return { ...user, email };
}

describe('POST /api/account/email', () => {
  it('mails a link to the new address and tells the old one, changing nothing until the link is followed', async () => {
    const ada = await createAda();
    expect(await answer(changeEmail(ada, { email: ' Ada@New.Example ', password: PASSWORD }))).toEqual(
      accepted('ada@new.example'),
    );
    const token = await tokenMailed('email_change_confirm', 'ada@new.example');
    expect(await queuedMail()).toEqual([
      {
        to: 'ada@example.com',
        kind: 'email_change_notice',
        userId: ada.id,
        payload: { name: 'Ada Lovelace', newEmail: 'ada@new.example', resetUrl: `${SITE}/forgot-password` },
      },
      {
        to: 'ada@new.example',
        kind: 'email_change_confirm',
        userId: ada.id,
        payload: { name: 'Ada Lovelace', newEmail: 'ada@new.example', url: `${SITE}/confirm-email?token=${token}` },
      },
    ]);
    expect(await tokensOf(ada.id, 'email_change')).toMatchObject([
      { email: 'ada@new.example', used: false, lifetimeMinutes: TOKEN_LIFETIME_MINUTES.email_change },
    ]);
    // Nothing has moved: the old address still signs in, the new one does not.
    expect(await accountOf(ada.id)).toMatchObject({ email: 'ada@example.com', verified: true });
    expect(await verifyLocalCredentials('ada@example.com', PASSWORD)).toMatchObject({ id: ada.id });
    expect(await verifyLocalCredentials('ada@new.example', PASSWORD)).toBeNull();
  });

  it('needs no password for an account that signs in with the identity provider', async () => {
    const oidc = await createUser({ id: 'oidc|bob', email: 'bob@example.com', name: 'Bob' });
    expect(await answer(changeEmail(oidc, { email: 'bob@new.example' }))).toEqual(accepted('bob@new.example'));
    expect(await onlyMail('email_change_confirm', 'bob@new.example')).toMatchObject({ userId: oidc.id });
    expect(await onlyMail('email_change_notice', 'bob@example.com')).toMatchObject({ userId: oidc.id });
  });

  it('gives an account without an address one, with no notice to send', async () => {
    const none = await createUser({ id: 'oidc|none', email: null as never, emailVerifiedAt: null });
    expect(await answer(changeEmail(none, { email: 'cy@example.com' }))).toEqual(accepted('cy@example.com'));
    expect((await queuedMail()).map(({ to, kind }) => ({ to, kind }))).toEqual([
      { to: 'cy@example.com', kind: 'email_change_confirm' },
    ]);
    expect(await confirmEmailChange(await tokenMailed('email_change_confirm', 'cy@example.com'))).toEqual({
      status: 'changed',
      email: 'cy@example.com',
    });
    expect(await accountOf(none.id)).toMatchObject({ email: 'cy@example.com', verified: true });
  });

  it('refuses a missing or wrong password under its field, sending nothing', async () => {
    const ada = await createAda();
    expect(await answer(changeEmail(ada, { email: 'ada@new.example' }))).toEqual(WRONG_PASSWORD);
    expect(await answer(changeEmail(ada, { email: 'ada@new.example', password: '' }))).toEqual(WRONG_PASSWORD);
    expect(await answer(changeEmail(ada, { email: 'ada@new.example', password: `${PASSWORD}x` }))).toEqual(
      WRONG_PASSWORD,
    );
    expect(await queuedMail()).toEqual([]);
    expect(await tokensOf(ada.id)).toEqual([]);
  });

  it('refuses the address the account has already, whatever its case', async () => {
    const ada = await createAda();
    expect(await answer(changeEmail(ada, { email: 'ADA@example.com', password: PASSWORD }))).toEqual(
      refusal('email', 'That is already your address.'),
    );
    expect(await queuedMail()).toEqual([]);
  });

  it('answers the same for an address another account holds, sends it nothing, and tells the old one alike', async () => {
    const ada = await createAda();
    const free = await changeEmail(ada, { email: 'free@example.com', password: PASSWORD });
    await createUser({ email: 'taken@example.com' });
    const taken = await changeEmail(ada, { email: 'Taken@example.com', password: PASSWORD });
    expect({ status: taken.status, body: taken.body }).toEqual(accepted('taken@example.com'));
    expect({ status: free.status, body: free.body }).toEqual(accepted('free@example.com'));
    expect([...taken.response.headers.keys()]).toEqual([...free.response.headers.keys()]);
    expect((await queuedMail()).filter((mail) => mail.to === 'taken@example.com')).toEqual([]);
    expect((await tokensOf(ada.id, 'email_change')).map((row) => row.email)).toEqual(['free@example.com']);
    // What reaches the asker's own inbox is the same either way: one notice each time.
    const notices = (await queuedMail()).filter((mail) => mail.kind === 'email_change_notice');
    expect(notices.map((mail) => [mail.to, mail.payload?.newEmail])).toEqual([
      ['ada@example.com', 'free@example.com'],
      ['ada@example.com', 'taken@example.com'],
    ]);
  });

  it(`sends at most ${RATE_LIMITS.addressMail.points} links an hour to one new address, whoever asks`, async () => {
    const limit = RATE_LIMITS.addressMail.points;
    const askers: TestUser[] = [];
    for (let i = 0; i <= limit; i += 1) askers.push(await createAda(`asker${i}@example.com`));
    for (const asker of askers)
      expect(await answer(changeEmail(asker, { email: 'wanted@example.com', password: PASSWORD }))).toEqual(
        accepted('wanted@example.com'),
      );
    expect((await queuedMail()).filter((mail) => mail.to === 'wanted@example.com')).toHaveLength(limit);
    expect(await tokensOf(askers[limit]!.id)).toEqual([]);
    laterBy(RATE_LIMITS.addressMail.duration);
    expect((await changeEmail(askers[limit]!, { email: 'wanted@example.com', password: PASSWORD })).status).toBe(202);
    expect((await queuedMail()).filter((mail) => mail.to === 'wanted@example.com')).toHaveLength(limit + 1);
  });

  it(`takes ${RATE_LIMITS.emailChange.points} requests an hour per account, wrong passwords included`, async () => {
    const ada = await createAda();
    const bob = await createAda('bob@example.com');
    const limit = RATE_LIMITS.emailChange.points;
    for (let i = 0; i < limit - 1; i += 1)
      expect(await answer(changeEmail(ada, { email: `ada${i}@new.example`, password: 'wrong' }))).toEqual(
        WRONG_PASSWORD,
      );
    expect((await changeEmail(ada, { email: 'ada@new.example', password: PASSWORD })).status).toBe(202);
    const past = await changeEmail(ada, { email: 'ada@newer.example', password: PASSWORD });
    expect({ status: past.status, body: past.body }).toEqual({
      status: 429,
      body: { error: RATE_LIMITS.emailChange.message.replace('{wait}', '60 minutes'), code: 'rate_limited' },
    });
    expect(Number(past.response.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await changeEmail(bob, { email: 'bob@new.example', password: PASSWORD })).status).toBe(202);
    laterBy(RATE_LIMITS.emailChange.duration);
    expect((await changeEmail(ada, { email: 'ada@newer.example', password: PASSWORD })).status).toBe(202);
  });

  it('answers 401 signed out, and 400 for an address that is missing, malformed or too long', async () => {
    const ada = await createAda();
    expect(await answer(changeEmail(null, { email: 'ada@new.example', password: PASSWORD }))).toEqual({
      status: 401,
      body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
    });
    expect(await answer(changeEmail(ada, { password: PASSWORD }))).toEqual(refusal('email', 'Email is required'));
    expect(await answer(changeEmail(ada, { email: 'nope', password: PASSWORD }))).toEqual(
      refusal('email', 'Please enter a valid email address'),
    );
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example`;
    const at254 = `${'a'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(await answer(changeEmail(ada, { email: `a${at254}`, password: PASSWORD }))).toEqual(
      refusal('email', 'Email must be 254 characters or fewer'),
    );
    expect(await answer(changeEmail(ada, { email: at254, password: PASSWORD }))).toEqual(accepted(at254));
    expect(await answer(changeEmail(ada, { email: 'ada@new.example', password: 'p'.repeat(201) }))).toEqual(
      refusal('password', 'Password must be 200 characters or fewer'),
    );
  });
});

describe('following the link sent to the new address', () => {
  async function requested(ada: TestUser, email = 'ada@new.example') {
    expect((await changeEmail(ada, { email, password: PASSWORD })).status).toBe(202);
    return tokenMailed('email_change_confirm', email);
  }

  it('moves the account there, confirmed, and the new address is the one that signs in', async () => {
    const ada = await createAda();
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, ada.id));
    const token = await requested(ada);
    expect(await confirmEmailChange(token)).toEqual({ status: 'changed', email: 'ada@new.example' });
    expect(await accountOf(ada.id)).toMatchObject({ email: 'ada@new.example', verified: true });
    expect(await verifyLocalCredentials('ada@new.example', PASSWORD)).toMatchObject({ id: ada.id });
    expect(await verifyLocalCredentials('ada@example.com', PASSWORD)).toBeNull();
    // The old address is free for someone else now.
    expect(
      (
        await call('POST', '/api/auth/register', {
          json: { name: 'Other', handle: 'other_person', email: 'ada@example.com', password: PASSWORD },
        })
      ).status,
    ).toBe(202);
    expect(await onlyMail('sign_up_confirm', 'ada@example.com')).toMatchObject({ kind: 'sign_up_confirm' });
  });

  it('works once', async () => {
    const ada = await createAda();
    const token = await requested(ada);
    expect((await confirmEmailChange(token)).status).toBe('changed');
    expect(await confirmEmailChange(token)).toEqual({ status: 'expired' });
  });

  it('ends the links sent to the old address', async () => {
    const ada = await createAda();
    const resetToken = await issueToken(ada.id, 'password_reset', 'ada@example.com');
    expect(await resetLinkWorks(resetToken)).toBe(true);
    await confirmEmailChange(await requested(ada));
    expect(await resetLinkWorks(resetToken)).toBe(false);
    expect((await tokensOf(ada.id)).every((row) => row.used)).toBe(true);
  });

  it('changes nothing for a link that expired, that a newer one replaced, or that was never issued', async () => {
    const ada = await createAda();
    const older = await requested(ada, 'first@new.example');
    const newer = await requested(ada, 'second@new.example');
    expect(await confirmEmailChange(older)).toEqual({ status: 'expired' });
    await expireTokens(ada.id);
    expect(await confirmEmailChange(newer)).toEqual({ status: 'expired' });
    expect(await confirmEmailChange('A'.repeat(43))).toEqual({ status: 'expired' });
    expect(await accountOf(ada.id)).toMatchObject({ email: 'ada@example.com', verified: true });
  });

  it('says the address is taken when another account took it meanwhile, and changes nothing', async () => {
    const ada = await createAda();
    const token = await requested(ada);
    await createUser({ email: 'ada@new.example' });
    expect(await confirmEmailChange(token)).toEqual({ status: 'taken' });
    expect(await accountOf(ada.id)).toMatchObject({ email: 'ada@example.com', verified: true });
  });

  it('moves only the account that asked, whoever follows the link', async () => {
    const ada = await createAda();
    const bob = await createAda('bob@example.com');
    const token = await requested(ada);
    expect(await confirmEmailChange(token)).toEqual({ status: 'changed', email: 'ada@new.example' });
    expect(await accountOf(bob.id)).toMatchObject({ email: 'bob@example.com' });
  });

  it('does not move an account deleted since', async () => {
    const ada = await createAda();
    const token = await requested(ada);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, ada.id));
    expect(await confirmEmailChange(token)).toEqual({ status: 'expired' });
    expect(await accountOf(ada.id)).toMatchObject({ email: 'ada@example.com' });
  });
});

describe('a pending move, reset or confirmation ends with the account’s sign-in', () => {
  const NEW_PASSWORD = 'Harbor-Violet-Compass-58';

  /** Links of every kind mailed to the account, and a move asked but not yet looked up. */
  async function pendingLinks(ada: TestUser) {
    expect((await changeEmail(ada, { email: 'mallory@example.com', password: PASSWORD })).status).toBe(202);
    const move = await tokenMailed('email_change_confirm', 'mallory@example.com');
    const reset = await issueToken(ada.id, 'password_reset', ada.email);
    const confirm = await issueToken(ada.id, 'email_verify', ada.email);
    expect((await changeEmail(ada, { email: 'mallory2@example.com', password: PASSWORD })).status).toBe(202);
    expect(await db().select().from(accountRequests)).toHaveLength(1);
    return { move, reset, confirm };
  }

  async function expectAllEnded(ada: TestUser, links: Awaited<ReturnType<typeof pendingLinks>>) {
    expect(await confirmEmailChange(links.move)).toEqual({ status: 'expired' });
    expect(await resetLinkWorks(links.reset)).toBe(false);
    expect((await verifyEmail(links.confirm)).status).not.toBe('confirmed');
    // The move asked before the change is never looked up: nothing reaches the other address.
    expect((await queuedMail()).filter((mail) => mail.to === 'mallory2@example.com')).toEqual([]);
    expect(await db().select().from(accountRequests)).toEqual([]);
    if ((await accountOf(ada.id))?.email) expect((await accountOf(ada.id))!.email).toBe(ada.email);
  }

  it('when the password is changed on the Account page', async () => {
    const ada = await createAda();
    const links = await pendingLinks(ada);
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, ada.id));
    const changed = await call('POST', '/api/auth/password', {
      as: ada,
      json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    await expectAllEnded(ada, links);
  });

  it('when the account signs out everywhere', async () => {
    const ada = await createAda();
    const links = await pendingLinks(ada);
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, ada.id));
    expect(await endAllSessions(ada.id, 0)).toBe(true);
    await expectAllEnded(ada, links);
  });

  it('when the account is deleted', async () => {
    const ada = await createAda();
    const links = await pendingLinks(ada);
    expect((await call('DELETE', '/api/account', { as: ada, json: { password: PASSWORD } })).status).toBe(200);
    await expectAllEnded(ada, links);
  });

  it('but not when a session that had already ended tries to sign out', async () => {
    const ada = await createAda();
    await pendingLinks(ada);
    expect(await endAllSessions(ada.id, 7)).toBe(false);
    expect(await db().select().from(accountRequests)).toHaveLength(1);
  });
});
