import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { NEW_ACCOUNT_PASSWORD, publish, registerAccount, signInWithPassword, stamp } from './helpers';
import { latestMail, linkIn } from './mail';

// Leaving with one's data: a new account asks for a copy of its data, follows the link in
// the e-mail that says it is ready and downloads the file; then it deletes itself through
// the dialog on the account page, and is gone. The account is made here, not a demo one:
// the other specs need those.

/** A new account made through the API and the link mailed to it. */
async function registerConfirmed(request: APIRequestContext) {
  const id = stamp();
  const account = { name: 'Lee Leaving', email: `leaver-${id}@example.com`, handle: `leaver_${id}` };
  await registerAccount(request, account);
  return account;
}

test('a member downloads their data from the link in the e-mail, then deletes their account', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await registerConfirmed(request);
  await signInWithPassword(page, account.email);
  await page.waitForURL('**/account');
  const { viewer } = await (await page.request.get('/api/me')).json();
  const envolvementId = await publish(page.request, `Leaving soon ${stamp()}`, null);

  await test.step('asks for a copy of their data', async () => {
    const section = page.getByRole('region', { name: 'Download my data' });
    await section.getByRole('button', { name: 'Prepare my data' }).click();
    await expect(section.getByRole('status')).toContainText(`We will e-mail ${account.email} when it is ready.`);
  });

  await test.step('follows the link in the e-mail and downloads the file', async () => {
    const ready = await latestMail(request, account.email, 'Your Envolve data is ready');
    expect(ready.html).toContain('Download my data');
    await page.goto(linkIn(ready, '/account#data'));
    const section = page.getByRole('region', { name: 'Download my data' });
    await expect(section.getByRole('status')).toContainText('Your data is ready. You can download it until');
    const downloading = page.waitForEvent('download');
    await section.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^envolve-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(file.profile).toMatchObject({ id: viewer.id, handle: account.handle, email: account.email });
    expect(file.envolvements).toEqual([expect.objectContaining({ id: envolvementId })]);
  });

  await test.step('deletes the account through the dialog', async () => {
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    // What will happen, first, with this account's numbers.
    await expect(dialog.getByTestId('delete-account-impact')).toContainText(
      'Your 1 envolvement (1 live, 0 drafts) is removed from Explore, profiles and search. Nobody has joined it.',
    );
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Password is incorrect.')).toBeVisible();
    await dialog.getByLabel('Your password').fill(NEW_ACCOUNT_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  await test.step('is gone: signed out, no profile, no envolvement, and the password no longer works', async () => {
    expect((await (await page.request.get('/api/me')).json()).viewer).toBeNull();
    expect((await page.request.get(`/api/user_profile_info/${encodeURIComponent(viewer.id)}`)).status()).toBe(404);
    expect((await page.request.get(`/api/post/${envolvementId}`)).status()).toBe(404);
    await page.goto('/account');
    await page.waitForURL(/\/login/);
    await signInWithPassword(page, account.email);
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    const told = await latestMail(request, account.email, 'Your Envolve account was deleted');
    expect(told.text).toContain('You can sign up again with this address');
  });
});
