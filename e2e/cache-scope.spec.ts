import { expect, test, type APIRequestContext } from '@playwright/test';
import { storageState } from './demo-accounts';
import { publish } from './helpers';

// What a creator's edit does to the cache, as visitors meet it on the production build: the
// edited envolvement's page and its creator's profile show the edit on the next request;
// the lists that hold it are served from the cache while they are rendered again in the
// background, the edit on them within seconds; pages that do not show it are not disturbed.
test.use({ storageState: storageState('creator') });

const cacheOf = async (visitor: APIRequestContext, path: string) => {
  const response = await visitor.get(path);
  expect(response.status(), path).toBe(200);
  return { state: response.headers()['x-nextjs-cache'], html: await response.text() };
};

/** Asks for `path` until the cache serves it, as a page every visitor shares is served. */
async function warm(visitor: APIRequestContext, path: string): Promise<void> {
  await expect.poll(async () => (await cacheOf(visitor, path)).state, { message: path }).toBe('HIT');
}

test('an edit shows at once where it must and refreshes the lists in the background', async ({
  request,
  playwright,
  baseURL,
}) => {
  const stamp = Date.now();
  const title = `Lantern walk ${stamp}`;
  const id = await publish(request, title, 6);
  // Signed out: a context of its own would otherwise take the creator's cookies from test.use.
  const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = `/envolvement/${id}`;
  const profile = '/@mayacreates';
  const list = '/explore?category=Interactive';
  const otherProfile = '/@leoplays';
  for (const path of [page, profile, list, otherProfile]) await warm(visitor, path);
  expect((await cacheOf(visitor, list)).html).toContain(title);

  const edited = await request.put(`/api/post/${id}`, {
    data: {
      title: `${title} by night`,
      previewText: 'A seat at the table',
      categories: ['Interactive'],
      quantity: { quantity: 6, unlimited: false },
      price: { price: null },
      isActive: true,
    },
  });
  expect(edited.status()).toBe(200);

  // Its page and its creator's profile are rendered again for the next visitor.
  const own = await cacheOf(visitor, page);
  expect(own.state).not.toBe('HIT');
  expect(own.html).toContain(`${title} by night`);
  expect((await cacheOf(visitor, profile)).html).toContain(`${title} by night`);
  // Another creator's page is still served from the cache, untouched.
  expect((await cacheOf(visitor, otherProfile)).state).toBe('HIT');
  // The list is served at once from the cache, as it was, and rendered again behind it: at
  // once, or within a second when it was refreshed less than a second before (edits in a row
  // are coalesced), and the edit shows on it within two.
  const stale = await cacheOf(visitor, list);
  expect(['STALE', 'HIT']).toContain(stale.state);
  expect(stale.html).toContain(title);
  const edit = Date.now();
  await expect
    .poll(async () => (await cacheOf(visitor, list)).html.includes(`${title} by night`), { timeout: 15_000 })
    .toBe(true);
  expect(Date.now() - edit).toBeLessThan(4_000);
  await visitor.dispose();
});
