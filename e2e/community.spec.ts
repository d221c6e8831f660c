import { expect, test, type Page } from '@playwright/test';
import { MAIL_SINK_URL } from '../playwright.config';
import { ACCOUNTS, storageState } from './demo-accounts';

// A member comments on an update; the creator's bell counts it, the notification leads to
// the comment, and the e-mail reaches the creator's inbox, rendered by the production build.

/** The bell's unread count, as its label says it. */
async function unreadOf(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

test('a member comments on an update, and the creator hears of it in the bell and by e-mail', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const creator = await browser.newContext({ storageState: storageState('creator') });
  const member = await browser.newContext({ storageState: storageState('buyer') });
  let envolvementId = '';
  const updateTitle = `Kiln day ${stamp}`;
  const words = `Can I bring my own clay? ${stamp}`;

  await test.step('the creator publishes a free envolvement with comments on, and posts an update', async () => {
    const created = await creator.request.post('/api/post/new-base-envolvement', {
      data: { title: `Clay club ${stamp}`, previewText: 'We make pots', categories: ['Interactive'], comments: true },
    });
    expect(created.status()).toBe(200);
    envolvementId = (await created.json()).postedID;
    expect((await creator.request.put(`/api/post/${envolvementId}/active`, { data: { active: true } })).status()).toBe(
      200,
    );
    const joined = await member.request.post('/api/payment/grant-access', { data: { submissionId: envolvementId } });
    expect(joined.status()).toBe(200);
    const posted = await creator.request.post(`/api/post/add-comment/${envolvementId}`, {
      data: { title: updateTitle, description: 'The kiln is hot on Saturday.' },
    });
    expect(posted.status()).toBe(201);
  });

  const creatorPage = await creator.newPage();
  await creatorPage.goto('/profile');
  // The join told the creator already: the bell shows what the inbox holds.
  const { unread: before } = await (await creator.request.get('/api/notifications/unread')).json();
  expect(before).toBeGreaterThan(0);
  await expect.poll(() => unreadOf(creatorPage)).toBe(before);

  await test.step('the member comments under the update', async () => {
    const page = await member.newPage();
    await page.goto(`/envolvement/${envolvementId}?tab=activity`);
    // The top bar's account link is drawn by the page's scripts: once it shows, the form
    // is live, and what is typed reaches it.
    await expect(page.getByTestId('top-bar-profile')).toBeVisible();
    const update = page.locator('[id^="update-"]').filter({ hasText: updateTitle });
    await update.getByLabel('Write a comment').fill(words);
    await update.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(update.getByText(words)).toBeVisible();
  });

  await test.step("the creator's bell counts one more, and the notification leads to the comment", async () => {
    await creatorPage.reload();
    await expect.poll(() => unreadOf(creatorPage)).toBe(before + 1);
    await creatorPage.getByTestId('notification-bell').click();
    await creatorPage.waitForURL('**/notifications');
    const notification = creatorPage
      .getByTestId('notification')
      .filter({ hasText: `${ACCOUNTS.buyer.name} commented on ${updateTitle}` });
    await notification.click();
    await creatorPage.waitForURL(/#comment-/);
    const commentId = new URL(creatorPage.url()).hash.slice(1);
    await expect(creatorPage.locator(`#${commentId}`)).toContainText(words);
    await expect(creatorPage.locator(`#${commentId}`)).toBeInViewport();
    await expect.poll(() => unreadOf(creatorPage)).toBe(before);
  });

  await test.step('the e-mail reached the creator, with its one-click unsubscribe', async () => {
    await expect
      .poll(
        async () => {
          const messages = (await (await request.get(`${MAIL_SINK_URL}/messages`)).json()) as Array<{
            to: string[];
            subject: string;
            text: string;
            headers: Record<string, string>;
          }>;
          const subject = `${ACCOUNTS.buyer.name} commented on ${updateTitle}`;
          return messages.find((m) => m.to.includes(ACCOUNTS.creator.email) && m.subject === subject);
        },
        { timeout: 30_000 },
      )
      .toMatchObject({
        text: expect.stringContaining(`/envolvement/${envolvementId}?tab=activity#comment-`),
        headers: expect.objectContaining({
          'list-unsubscribe': expect.stringMatching(/^<http.+\/api\/notifications\/unsubscribe\?token=.+>$/),
          'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
        }),
      });
  });

  await creator.close();
  await member.close();
});
