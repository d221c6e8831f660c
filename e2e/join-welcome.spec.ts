import { expect, test } from '@playwright/test';
import { ACCOUNTS, storageState } from './demo-accounts';
import { openAs, publish } from './helpers';
import { latestMail } from './mail';

// A free envolvement is joined in one click on its own page; the new member is welcomed
// there (what they get, the creator's message) and by e-mail.
test.describe.serial('one-click free join and the welcome', () => {
  const title = `Welcome circle ${Date.now()}`;
  const message = 'So glad you are here!\nIntroduce yourself in the comments.';
  let id = '';

  test('the creator publishes a free envolvement with a welcome message', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageState('creator') });
    id = await publish(context.request, title, null);
    const edited = await context.request.put(`/api/post/${id}`, {
      data: {
        title,
        previewText: 'A seat at the table',
        categories: ['Interactive'],
        quantity: { quantity: null },
        price: { price: null },
        isActive: true,
        welcomeMessage: message,
      },
    });
    expect(edited.status()).toBe(200);
    await context.close();
  });

  test('a visitor is asked to sign in, and comes back to the checkout', async ({ page }) => {
    await page.goto(`/envolvement/${id}`);
    await expect(page.getByTestId('join-bar').getByRole('link', { name: 'Sign in to join' })).toHaveAttribute(
      'href',
      `/login?callbackUrl=${encodeURIComponent(`/payment/${id}`)}`,
    );
    // The welcome message is the members': a visitor's page does not carry it.
    await expect(page.getByText('Introduce yourself in the comments.')).toHaveCount(0);
  });

  test('a signed-in fan joins in one click and is welcomed on the page and by e-mail', async ({ browser, request }) => {
    const { context, page } = await openAs(browser, 'buyer', `/envolvement/${id}`);
    await page.getByTestId('join-bar').getByRole('button', { name: 'Join for Free' }).click();

    const welcome = page.getByTestId('welcome-panel');
    await expect(welcome.getByRole('heading', { name: `Welcome to ${title}!` })).toBeVisible();
    await expect(welcome.getByTestId('welcome-message')).toHaveText(message);
    await expect(welcome.getByTestId('welcome-perks')).toContainText("The creator's updates");
    await expect(welcome.getByTestId('welcome-perks')).toContainText('Comment on the updates');
    // Still on its page, now a member's: the tabs instead of the lock, and no second join.
    await expect(page).toHaveURL(new RegExp(`/envolvement/${id}$`));
    await expect(page.getByRole('tab', { name: 'Activity' })).toBeVisible();
    await expect(page.getByTestId('lock-panel')).toHaveCount(0);
    await expect(page.getByTestId('join-bar').getByRole('button', { name: 'Already Joined' })).toBeDisabled();

    const mail = await latestMail(request, ACCOUNTS.buyer.email, `Welcome to ${title}`);
    expect(mail.text).toContain('Introduce yourself in the comments.');
    expect(mail.text).toContain('Comment on the updates');
    await context.close();
  });
});
