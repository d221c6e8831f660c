import { expect, test } from '@playwright/test';
import { ACCOUNTS, storageState } from './demo-accounts';

// A member follows a creator from her profile, sees her next envolvement on their Following
// page, and a visitor's Follow asks them to sign in first.

const profilePath = `/@${ACCOUNTS.creator.nickname}`;

test('a member follows a creator from her profile and finds her new envolvement on Following', async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const creator = await browser.newContext({ storageState: storageState('creator') });
  const member = await browser.newContext({ storageState: storageState('buyer') });
  const page = await member.newPage();
  const title = `Studio session ${stamp}`;

  await test.step('the member follows her from her profile', async () => {
    await page.goto(profilePath);
    const follow = page.getByTestId('follow-button');
    await expect(follow).toHaveText(/^Follow(ing)?$/);
    // The demo data starts unfollowed; a rerun against the same database may not.
    if ((await follow.textContent()) === 'Following') {
      await follow.click();
      await expect(follow).toHaveText('Follow');
    }
    await follow.click();
    await expect(follow).toHaveText('Following');
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    // What the page says after a reload comes from the server, not from the click.
    await page.reload();
    await expect(page.getByTestId('follow-button')).toHaveText('Following');
  });

  await test.step('she publishes a new envolvement, and it heads the Following page', async () => {
    const created = await creator.request.post('/api/post/new-base-envolvement', {
      data: { title, previewText: 'Record with me', categories: ['Music'] },
    });
    expect(created.status()).toBe(200);
    const id = (await created.json()).postedID;
    expect((await creator.request.put(`/api/post/${id}/active`, { data: { active: true } })).status()).toBe(200);
    await page.goto('/following');
    await expect(page.getByRole('heading', { name: 'Following', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  });

  await test.step('her own profile shows her the count, not a button', async () => {
    const own = await creator.newPage();
    await own.goto(profilePath);
    await expect(own.getByTestId('follower-count')).toHaveText(/^\d+ followers?$/);
    await expect(own.getByTestId('follow-button')).toHaveCount(0);
  });

  await test.step('the member unfollows again', async () => {
    await page.goto(profilePath);
    await page.getByTestId('follow-button').click();
    await expect(page.getByTestId('follow-button')).toHaveText('Follow');
  });
  await creator.close();
  await member.close();
});

test("a visitor's Follow leads to sign-in and back to the profile", async ({ page }) => {
  await page.goto(profilePath);
  const follow = page.getByTestId('follow-button');
  await expect(follow).toHaveText('Follow');
  await expect(follow).toHaveAttribute('href', `/login?callbackUrl=${encodeURIComponent(profilePath)}`);
});
