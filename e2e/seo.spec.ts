import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { storageState } from './demo-accounts';
import { expectOnSale, publish } from './helpers';

// What search engines and link previews read: canonical links, JSON-LD, PNG share images,
// robots.txt and the sitemaps, and real 404s for addresses that name nothing.

/** Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectPng(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
}

async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

async function availability(page: Page): Promise<unknown> {
  const [doc] = await jsonLd(page);
  const product = (doc?.['@graph'] as Array<Record<string, unknown>>).find((node) => node['@type'] === 'Product');
  return (product?.offers as Record<string, unknown>).availability;
}

const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');

test.describe.serial('search engines', () => {
  let oneSpot = '';
  let creatorProfile = '';
  let creatorHandle = '';

  test('the creator publishes a 1-spot free envolvement', async ({ browser, request }) => {
    const context = await browser.newContext({ storageState: storageState('creator') });
    const title = `Corner table ${Date.now()}`;
    oneSpot = await publish(context.request, title, 1);
    const item = await context.request.get(`/api/post/${oneSpot}`);
    const { userID, username } = (await item.json()) as { userID: string; username: string };
    creatorProfile = userID.slice(userID.indexOf('|') + 1);
    creatorHandle = username;
    await context.close();
    // Public, so that crawlers may read it; and its creator's profile is public too, at the
    // address people can say. Its id address, and the handle without '@', lead there for good.
    await expectOnSale(request, oneSpot, { title, price: 0, spots: 1 });
    expect((await request.get(`/@${creatorHandle}`)).status()).toBe(200);
    for (const old of [`/profile/${creatorProfile}`, `/profile/${creatorHandle}`, `/@${creatorHandle.toUpperCase()}`]) {
      const moved = await request.get(old, { maxRedirects: 0 });
      expect(moved.status()).toBe(308);
      // One Location, also the first time the redirect is rendered (lib/runtime/single-location.ts).
      const locations = moved.headersArray().filter((header) => header.name.toLowerCase() === 'location');
      expect(locations.map((header) => header.value)).toEqual([`/@${creatorHandle}`]);
    }
  });

  test('its page links a 1200×630 PNG share image and describes an offer in stock', async ({ page, baseURL }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`/envolvement/${oneSpot}`);
    const image = await page.locator('meta[property="og:image"]').first().getAttribute('content');
    expect(image).toContain(`/envolvement/${oneSpot}/opengraph-image`);
    await expectPng(page.request, image!);
    expect(await page.locator('meta[property="og:image:type"]').first().getAttribute('content')).toBe('image/png');
    expect(await canonical(page)).toBe(`${baseURL}/envolvement/${oneSpot}`);
    expect(await availability(page)).toBe('https://schema.org/InStock');
    expect(violations).toEqual([]);
  });

  test('once another user takes the last spot, the offer says SoldOut', async ({ browser, page }) => {
    const context = await browser.newContext({ storageState: storageState('gamer') });
    const joined = await context.request.post('/api/payment/grant-access', { data: { submissionId: oneSpot } });
    expect(joined.status()).toBe(200);
    await context.close();
    await page.goto(`/envolvement/${oneSpot}`);
    expect(await availability(page)).toBe('https://schema.org/SoldOut');
  });

  test('the home page, Explore and profiles name their canonical address', async ({ page, baseURL }) => {
    await page.goto('/');
    // The root's canonical is the bare origin, which names the same resource as origin + '/'.
    expect(await canonical(page)).toBe(baseURL);
    const [site] = await jsonLd(page);
    expect(site).toMatchObject({ '@type': 'WebSite', url: `${baseURL}/` });
    await expectPng(page.request, (await page.locator('meta[property="og:image"]').first().getAttribute('content'))!);

    await page.goto('/explore?q=portrait&utm_source=newsletter&cursor=abc&view=all');
    expect(await canonical(page)).toBe(`${baseURL}/explore?q=portrait`);
    await page.goto('/explore?fbclid=1');
    expect(await canonical(page)).toBe(`${baseURL}/explore`);
    await expectPng(page.request, (await page.locator('meta[property="og:image"]').first().getAttribute('content'))!);
    await page.goto('/features');
    expect(await canonical(page)).toBe(`${baseURL}/features`);
    await expectPng(page.request, (await page.locator('meta[property="og:image"]').first().getAttribute('content'))!);

    await page.goto(`/profile/${creatorProfile}`);
    expect(new URL(page.url()).pathname).toBe(`/@${creatorHandle}`);
    expect(await canonical(page)).toBe(`${baseURL}/@${creatorHandle}`);
    const [profile] = await jsonLd(page);
    expect((profile?.['@graph'] as Array<Record<string, unknown>>)[0]).toMatchObject({ '@type': 'ProfilePage' });
    const profileImage = await page.locator('meta[property="og:image"]').first().getAttribute('content');
    expect(profileImage).toMatch(new RegExp(`/profile/(@|%40)${creatorHandle}/opengraph-image`));
    await expectPng(page.request, profileImage!);
  });

  test('robots.txt and the sitemaps answer on the configured site and list the new envolvement', async ({
    request,
    baseURL,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const index = await request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toContain('application/xml');
    const indexText = await index.text();
    expect(indexText).toContain(`<loc>${baseURL}/sitemap/sitemap/envolvements-0.xml</loc>`);
    expect(indexText).toContain(`<loc>${baseURL}/sitemap/sitemap/profiles-0.xml</loc>`);
    const listed = await (await request.get('/sitemap/sitemap/envolvements-0.xml')).text();
    expect(listed).toContain(`<loc>${baseURL}/envolvement/${oneSpot}</loc>`);
    const profiles = await (await request.get('/sitemap/sitemap/profiles-0.xml')).text();
    expect(profiles).toContain(`<loc>${baseURL}/@${creatorHandle}</loc>`);
    expect((await request.get('/sitemap/sitemap/nonsense.xml')).status()).toBe(404);
  });

  test('addresses that name nothing answer 404', async ({ request, browser }) => {
    expect((await request.get('/payment/not-a-uuid')).status()).toBe(404);
    expect((await request.get('/profile/search/zzqxjvnonsense')).status()).toBe(404);
    const context = await browser.newContext({ storageState: storageState('buyer') });
    expect((await context.request.get('/payment/not-a-uuid')).status()).toBe(404);
    await context.close();
  });

  test('pages that need a session send a visitor to sign in with a redirect, not a page that redirects once loaded', async ({
    request,
  }) => {
    // The status is settled before the page starts streaming, so crawlers and clients
    // without scripts are redirected too.
    for (const path of ['/account', '/account/earnings', '/account/payouts', '/notifications']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(307);
      const location = new URL(response.headers().location!, 'http://host');
      expect(`${location.pathname}${location.search}`, path).toBe(`/login?callbackUrl=${encodeURIComponent(path)}`);
    }
  });
});
