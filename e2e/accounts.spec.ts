import { expect, test, type APIRequestContext } from '@playwright/test';
import { NEW_ACCOUNT_PASSWORD, registerAccount, signInWithPassword, stamp } from './helpers';
import { countMail, latestMail, linkIn } from './mail';

// An account's own e-mails, from the first click to the link in the message: a forgotten
// password, a new address, a confirmation asked for again.

/** A new account made through the API and the link mailed to confirm it. */
async function register(request: APIRequestContext, name: string): Promise<{ email: string; handle: string }> {
  const id = stamp();
  const account = { email: `${name.toLowerCase()}-${id}@example.com`, handle: `${name.toLowerCase()}_${id}` };
  await registerAccount(request, { name, ...account });
  return account;
}

test('a forgotten password: the link in the e-mail sets a new one, signs in here and ends the old one', async ({
  page,
  browser,
  request,
}) => {
  const { email } = await register(request, 'Forgetful');
  // Signed in elsewhere with the old password: that session ends with the reset.
  const elsewhere = await browser.newPage();
  await signInWithPassword(elsewhere, email, NEW_ACCOUNT_PASSWORD);
  await elsewhere.waitForURL('**/account');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    `If an account uses ${email}, we sent it a link`,
  );

  // An address with no account gets the same answer, and no e-mail.
  const nobody = `nobody-${stamp()}@example.com`;
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    `If an account uses ${nobody}, we sent it a link`,
  );

  const mail = await latestMail(request, email, 'Reset your Envolve password');
  expect(mail.html).toContain('Set a new password');
  await page.goto(linkIn(mail, '/reset-password?token='));
  await page.getByLabel('New password', { exact: true }).fill('copper-lantern-meadow-61');
  await page.getByLabel('Confirm new password').fill('copper-lantern-meadow-61');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL('**/profile');
  expect(await countMail(request, nobody, 'Reset your Envolve password')).toBe(0);

  // The link worked once.
  await page.goto(linkIn(mail, '/reset-password?token='));
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This link has expired or was already used.');

  // The other device is signed out, and the old password no longer works.
  await elsewhere.goto('/account');
  await elsewhere.waitForURL(/\/login/);
  await signInWithPassword(elsewhere, email, NEW_ACCOUNT_PASSWORD);
  await expect(elsewhere.getByText('Invalid email or password.')).toBeVisible();
  await signInWithPassword(elsewhere, email, 'copper-lantern-meadow-61');
  await elsewhere.waitForURL('**/account');
  // The link reached the address: it counts as confirmed.
  await expect(elsewhere.getByText('Confirmed', { exact: true })).toBeVisible();
});

test('a new address: nothing changes until the link sent there is followed, and the old one is told', async ({
  page,
  request,
}) => {
  const { email } = await register(request, 'Mover');
  await signInWithPassword(page, email, NEW_ACCOUNT_PASSWORD, '/account');
  await page.waitForURL('**/account');
  // The sign-up's link confirmed the address: no page asks for it.
  const section = page.getByRole('region', { name: 'E-mail address' });
  await expect(section.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('confirm-email-notice')).toBeHidden();

  const moved = `moved-${stamp()}@example.com`;
  await section.getByLabel('New address').fill(moved);
  await section.getByLabel('Your password').fill('not-my-password');
  await section.getByRole('button', { name: 'Change address' }).click();
  await expect(section.getByText('Your password is incorrect.')).toBeVisible();
  await section.getByLabel('Your password').fill(NEW_ACCOUNT_PASSWORD);
  await section.getByRole('button', { name: 'Change address' }).click();
  await expect(section.getByText(`We sent a link to ${moved}.`, { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'E-mail address' })).toContainText(email);

  const notice = await latestMail(request, email, 'Your Envolve address is being changed');
  expect(notice.text).toContain(moved);
  const confirm = await latestMail(request, moved, 'Confirm your new e-mail address');
  await page.goto(linkIn(confirm, '/confirm-email?token='));
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Your account now uses ${moved}`);

  await page.goto('/account');
  const after = page.getByRole('region', { name: 'E-mail address' });
  await expect(after).toContainText(moved);
  await expect(after.getByText('Confirmed', { exact: true })).toBeVisible();
  // The new address signs in; the old one no longer does.
  await page.context().clearCookies();
  await signInWithPassword(page, email, NEW_ACCOUNT_PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInWithPassword(page, moved, NEW_ACCOUNT_PASSWORD);
  await page.waitForURL('**/account');
});

test('signing up with an address that has an account answers the same, and tells its owner', async ({
  page,
  request,
}) => {
  const { email } = await register(request, 'Owner');
  await page.goto('/login?mode=signup');
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Handle').fill(`someone_${stamp()}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('another-quiet-harbor-77');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  const warning = await latestMail(request, email, 'Someone tried to sign up with your address');
  expect(warning.text).toContain('/forgot-password');
  expect(warning.text).toContain('/login');
});
