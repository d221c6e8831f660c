import { expect, test } from '@playwright/test';
import { storageState } from './demo-accounts';
import { expectPaidMember, openAs, openTab, payByCard, publish } from './helpers';

// Money that went back shows as such: a creator's refund and a deletion with members.
test.describe.serial('refunds and removal', () => {
  let refundable = '';
  let removable = '';

  test('the buyer pays for two envolvements of the creator', async ({ browser }) => {
    const creator = await browser.newContext({ storageState: storageState('creator') });
    refundable = await publish(creator.request, `Mixing lesson ${Date.now()}`, 5, 15);
    removable = await publish(creator.request, `Listening party ${Date.now()}`, null, 8);
    await creator.close();
    const buyer = await browser.newContext({ storageState: storageState('buyer') });
    await payByCard(buyer.request, refundable);
    await payByCard(buyer.request, removable);
    await expectPaidMember(buyer.request, refundable, 1500);
    await expectPaidMember(buyer.request, removable, 800);
    await buyer.close();
  });

  test('the creator refunds a member from the Members tab, and the member sees Refunded', async ({ browser }) => {
    const { context: creator, page } = await openAs(browser, 'creator', `/envolvement/${refundable}`);
    await openTab(page, 'Members');
    const row = page.getByTestId('member-row').filter({ hasText: 'Sam Rivera' });
    await expect(row.getByTestId('member-status')).toHaveText('Paid');
    await expect(row).toContainText('$15.00');
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Sam Rivera gets $15.00 back in full and loses access to this envolvement.');
    await dialog.getByRole('button', { name: 'Refund $15.00' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId('member-status')).toHaveText('Refunded');
    await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await creator.close();

    const { context: buyer, page: mine } = await openAs(browser, 'buyer', '/profile');
    await openTab(mine, 'Purchased Envolvements');
    const card = mine.getByTestId('offer-card').filter({ hasText: 'Mixing lesson' });
    await expect(card.getByTestId('membership-mark')).toHaveText('Refunded');
    await mine.goto(`/envolvement/${refundable}`);
    await expect(mine.getByTestId('lock-panel')).toBeVisible();
    await buyer.close();
  });

  test('the creator deletes an envolvement with members after reading who is refunded, and the member finds it marked removed', async ({
    browser,
  }) => {
    const { context: creator, page } = await openAs(browser, 'creator', `/envolvement/${removable}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const impact = page.getByRole('dialog').getByTestId('delete-impact');
    await expect(impact).toContainText('1 member has joined this envolvement.');
    await expect(impact).toContainText('1 paid member will be refunded in full ($8.00 in total).');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete and refund' }).click();
    await page.waitForURL('**/profile?deleted=archived');
    await expect(page.getByTestId('offer-card').filter({ hasText: 'Listening party' })).toHaveCount(0);
    await creator.close();

    // Its public page is gone, for everyone alike.
    const { context: stranger, page: gone, response } = await openAs(browser, 'gamer', `/envolvement/${removable}`);
    expect(response?.status()).toBe(404);
    await expect(gone.getByText('Envolvement Not Found')).toBeVisible();
    await expect(gone.getByRole('link', { name: 'Open it' })).toHaveCount(0);
    await stranger.close();

    // Its member finds it in their purchases, marked, and still opens it, privately.
    const { context: buyer, page: mine } = await openAs(browser, 'buyer', '/profile');
    await openTab(mine, 'Purchased Envolvements');
    const card = mine.getByTestId('offer-card').filter({ hasText: 'Listening party' });
    await expect(card.getByTestId('membership-mark')).toHaveText('Removed by the creator · Refunded');
    const privatePage = `/envolvement/${removable}/private`;
    await expect(card.getByRole('link', { name: 'Listening party' })).toHaveAttribute('href', privatePage);
    await mine.goto(privatePage);
    await expect(mine.getByTestId('removed-banner')).toContainText('Your payment of $8.00 was refunded in full.');
    expect((await mine.goto(`/envolvement/${removable}`))?.status()).toBe(404);
    await mine.getByRole('link', { name: 'Open it' }).click();
    await mine.waitForURL(`**${privatePage}`);
    await buyer.close();
  });
});
