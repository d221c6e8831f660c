import { expect, test } from '@playwright/test';
import { ACCOUNTS, storageState } from './demo-accounts';
import { openAs, openListed, openTab, payByCard, publish } from './helpers';
import { latestMail, linkIn } from './mail';

// "Tell me when a spot opens": a visitor asks on a sold-out offer, the creator refunds the
// member who held the spot, and the visitor hears of it in the product and by e-mail.
test.describe.serial('waiting for a spot', () => {
  let id = '';
  const title = `Pottery wheel ${Date.now()}`;
  const told = `A spot opened on ${title}. Join before someone else takes it.`;

  test('the creator sells the one spot of a paid envolvement', async ({ browser }) => {
    const creator = await browser.newContext({ storageState: storageState('creator') });
    id = await publish(creator.request, title, 1, 9);
    await creator.close();
    const buyer = await browser.newContext({ storageState: storageState('buyer') });
    await payByCard(buyer.request, id);
    await buyer.close();
  });

  test('a signed-in visitor asks to be told from the offer dialog', async ({ browser }) => {
    const { context, page } = await openAs(browser, 'gamer', '/explore?category=Interactive');
    await (await openListed(page, '/explore?category=Interactive', title)).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Every spot has been taken.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Tell me when a spot opens' }).click();
    await expect(dialog.getByText("We'll tell you when a spot opens")).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Stop waiting' })).toBeVisible();
    await context.close();
  });

  test('on the page, the visitor can stop waiting and ask again', async ({ browser }) => {
    const { context, page } = await openAs(browser, 'gamer', `/envolvement/${id}`);
    await expect(page.getByTestId('spots-left')).toHaveText('Sold out');
    const joinBar = page.getByTestId('join-bar');
    const lock = page.getByTestId('lock-panel');
    // Asked from the dialog: the page says so in both places that show the offer's action.
    for (const place of [joinBar, lock]) {
      await expect(place.getByText("We'll tell you when a spot opens")).toBeVisible();
      await expect(place.getByRole('button', { name: 'Stop waiting' })).toBeVisible();
    }
    await lock.getByRole('button', { name: 'Stop waiting' }).click();
    for (const place of [joinBar, lock]) {
      await expect(place.getByRole('button', { name: 'Tell me when a spot opens' })).toBeVisible();
      await expect(place.getByText('Every spot has been taken.')).toBeVisible();
    }
    await joinBar.getByRole('button', { name: 'Tell me when a spot opens' }).click();
    await expect(lock.getByText("We'll tell you when a spot opens")).toBeVisible();
    // The server kept it: a new visit says the same.
    await page.reload();
    await expect(page.getByTestId('join-bar').getByRole('button', { name: 'Stop waiting' })).toBeVisible();
    await context.close();
  });

  test('the creator refunds the member, and the visitor is told in the bell and by e-mail', async ({
    browser,
    request,
  }) => {
    const { context: creator, page } = await openAs(browser, 'creator', `/envolvement/${id}`);
    await openTab(page, 'Members');
    const row = page.getByTestId('member-row').filter({ hasText: ACCOUNTS.buyer.name });
    await row.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund $9.00' }).click();
    await expect(row.getByTestId('member-status')).toHaveText('Refunded');
    await creator.close();

    const mail = await latestMail(request, ACCOUNTS.gamer.email, told);
    expect(mail.text).toContain('Join now');
    expect(linkIn(mail, `/envolvement/${id}`)).toMatch(new RegExp(`/envolvement/${id}$`));
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http.+\/api\/notifications\/unsubscribe\?token=.+>$/);

    const { context: visitor, page: inbox } = await openAs(browser, 'gamer', '/notifications');
    await inbox.getByTestId('notification').filter({ hasText: told }).click();
    await inbox.waitForURL(`**/envolvement/${id}`);
    // Told once and off the list: the spot is there to take.
    await expect(inbox.getByTestId('join-bar').getByRole('link', { name: 'Pay $9.00' })).toBeVisible();
    await expect(inbox.getByTestId('spot-waitlist')).toHaveCount(0);
    await visitor.close();
  });
});
