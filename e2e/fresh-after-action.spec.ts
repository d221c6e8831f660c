import { expect, test, type Page } from '@playwright/test';
import { storageState } from './demo-accounts';
import {
  expectPaidMember,
  NEW_ACCOUNT_PASSWORD,
  openAs,
  openTab,
  payByCard,
  publish,
  registerAccount,
  signInWithPassword,
  stamp,
} from './helpers';

// What an action changes shows on the page at once, without a reload: the spots after a
// refund or a join, the member tabs after joining, the top bar's name after a profile save.

/** Marks the document, so that a later check can tell that the page was never loaded again. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { stillThisPage?: boolean }).stillThisPage = true;
  });
}

async function expectSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
}

test('a refund gives the spot back on the creator’s page at once', async ({ browser }) => {
  const creator = await browser.newContext({ storageState: storageState('creator') });
  const id = await publish(creator.request, `Refund spots ${stamp()}`, 8, 6);
  await creator.close();
  const buyer = await browser.newContext({ storageState: storageState('buyer2') });
  await payByCard(buyer.request, id);
  await expectPaidMember(buyer.request, id, 600);
  await buyer.close();

  const { context, page } = await openAs(browser, 'creator', `/envolvement/${id}`);
  await expect(page.getByTestId('spots-left')).toHaveText('7 of 8 spots left');
  await markPage(page);
  await openTab(page, 'Members');
  const row = page.getByTestId('member-row').filter({ hasText: 'Kai Bennett' });
  await row.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Refund $6.00' }).click();
  await expect(row.getByTestId('member-status')).toHaveText('Refunded');
  await expect(page.getByTestId('spots-left')).toHaveText('8 of 8 spots left');
  await expectSamePage(page);
  await context.close();
});

test('joining shows the spot taken and the member tabs at once', async ({ browser }) => {
  const creator = await browser.newContext({ storageState: storageState('creator') });
  const id = await publish(creator.request, `Join spots ${stamp()}`, 5);
  await creator.close();

  const { context, page } = await openAs(browser, 'buyer', `/envolvement/${id}`);
  await expect(page.getByTestId('spots-left')).toHaveText('5 of 5 spots left');
  await expect(page.getByTestId('lock-panel')).toBeVisible();
  await markPage(page);
  await page.getByRole('button', { name: 'Join for Free' }).first().click();
  await expect(page.getByTestId('spots-left')).toHaveText('4 of 5 spots left');
  await expect(page.getByTestId('lock-panel')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Activity' })).toBeVisible();
  await expectSamePage(page);
  await context.close();
});

test('saving the profile renames the top bar at once', async ({ page, request }) => {
  const id = stamp();
  const account = { name: 'Robin Before', email: `renamer-${id}@example.com`, handle: `renamer_${id}` };
  await registerAccount(request, account);
  await signInWithPassword(page, account.email, NEW_ACCOUNT_PASSWORD, '/account');
  await page.waitForURL('**/account');
  const profileLink = page.getByTestId('top-bar-profile');
  await expect(profileLink).toContainText('Robin Before');
  await markPage(page);
  await page.getByLabel('Display name').fill('Robin After');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(profileLink).toContainText('Robin After');
  await expectSamePage(page);
});
