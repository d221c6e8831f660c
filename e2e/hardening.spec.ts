import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { storageState } from './demo-accounts';
import { publish, registerAccount } from './helpers';

// What an attacker or a careless link can send the built app, answered as the app means
// to: never a 500, a policy the pages keep to, and sign-in guessing that stops.

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Every API route of the app, from the files, with its dynamic segments filled in. */
function apiRoutes(): string[] {
  const root = path.join(process.cwd(), 'app', 'api');
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') routes.push(`/api/${path.relative(root, dir).split(path.sep).join('/')}`);
    }
  };
  walk(root);
  return routes.map((route) => route.replace(/\[\.\.\.[^\]]+\]/g, 'session').replace(/\[[^\]]+\]/g, SOME_ID));
}

/** Collects the page's Content-Security-Policy violations (console and DOM events). */
function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

test.describe('as a visitor', () => {
  test('no route answers an unexpected method, a malformed path or next-auth’s odd URLs with a 500', async ({
    request,
  }) => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await request.fetch(route, { method, maxRedirects: 0 });
        expect(response.status(), `${method} ${route}`).toBeLessThan(500);
      }
    }
    for (const url of [
      '/api/post/%E0%A4%A',
      '/envolvement/%E0%A4%A',
      '/profile/%E0%A4%A',
      '/api/post/%00',
      '/profile/%00',
      '/api/profile/%00%ZZ',
    ]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBeGreaterThanOrEqual(400);
      expect(response.status(), url).toBeLessThan(500);
    }
    const callback = await request.get('/api/auth/callback/credentials', { maxRedirects: 0 });
    expect(callback.status()).toBe(405);
    const error = await request.get('/api/auth/error?error=%00', { maxRedirects: 0 });
    expect(error.status()).toBe(302);
    expect(error.headers().location).toMatch(/\/login\?error=Default$/);
  });

  test('pages carry a nonce policy and the other security headers; API answers their own policy', async ({
    request,
  }) => {
    const first = await request.get('/login');
    const second = await request.get('/login');
    const policy = first.headers()['content-security-policy'];
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic' https:\/\/js\.stripe\.com/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(second.headers()['content-security-policy']).not.toBe(policy);
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(first.headers()['x-content-type-options']).toBe('nosniff');
    expect(first.headers()['strict-transport-security']).toBeUndefined();
    const upload = await request.post('/api/uploads/image', {
      multipart: { image: { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('x') } },
    });
    expect(upload.status()).toBe(401);
    expect(upload.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(upload.headers()['x-frame-options']).toBe('DENY');
  });

  test('pages served from the cache carry a policy without a nonce, run their scripts and log no violation', async ({
    page,
    request,
  }) => {
    const { items } = (await (await request.get('/api/post/pull?limit=1')).json()) as {
      items: Array<{ _id: string; username: string }>;
    };
    const [item] = items;
    const violations = watchPolicy(page);
    for (const url of [
      '/',
      '/features',
      '/explore',
      '/explore?category=Art',
      `/envolvement/${item!._id}`,
      `/@${item!.username}`,
    ]) {
      const response = await page.goto(url);
      const headers = response!.headers();
      expect(headers['content-security-policy'], url).toMatch(
        /script-src 'self' 'unsafe-inline' https:\/\/js\.stripe\.com;/,
      );
      expect(headers['content-security-policy'], url).not.toContain('nonce');
      expect(headers['cache-control'], url).toContain('s-maxage=');
      // The top bar's 'Sign in' is drawn by the page's scripts: they ran.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }), url).toBeVisible();
    }
    expect(violations).toEqual([]);
  });

  test('the sign-in page sends nobody to another site, whatever the callbackUrl', async ({ page }) => {
    for (const payload of ['/%5Cevil.example', '/%09/evil.example', '//evil.example', 'https://evil.example']) {
      await page.goto(`/login?callbackUrl=${encodeURIComponent(payload)}`);
      await page.getByLabel('Email').fill('maya@demo.envolve.app');
      await page.getByLabel('Password').fill('envolve-demo');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/profile');
      expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
      await page.context().clearCookies();
    }
  });

  test('after five wrong passwords the account waits, and the form says how long', async ({ page, request }) => {
    const email = `guarded-${Date.now()}@example.com`;
    await registerAccount(request, { name: 'Guarded', handle: `guarded_${Date.now() % 1e6}`, email });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await page.getByLabel('Password').fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('Invalid email or password.')).toBeVisible();
    }
    await page.getByLabel('Password').fill('wrong-5');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      page.getByText('Too many failed sign-in attempts for this account. Please try again in 15 minutes.'),
    ).toBeVisible();
    await page.getByLabel('Password').fill('violet-harbor-lantern-93');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      page.getByText(/Too many failed sign-in attempts for this account\. Please try again in 1[45] minutes\./),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('as a signed-in creator', () => {
  test.use({ storageState: storageState('creator') });

  test('no page logs a Content-Security-Policy violation', async ({ page, request }) => {
    const id = await publish(request, 'Policy check', 5, 12);
    const violations = watchPolicy(page);
    for (const url of [
      '/',
      '/explore',
      '/create',
      '/profile',
      `/envolvement/${id}`,
      `/payment/${id}`,
      '/profile/search',
      '/about-us',
      '/contact-us',
      '/login',
    ]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});

test.describe('the Account page', () => {
  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/login?callbackUrl=/account');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/account');
  }

  test('changing the password keeps this device signed in and signs the others out', async ({ browser, request }) => {
    const email = `changer-${Date.now()}@example.com`;
    await registerAccount(
      request,
      { name: 'Changer', handle: `changer_${Date.now() % 1e6}`, email },
      'amber-canyon-whistle-27',
    );
    const here = await browser.newPage();
    const elsewhere = await browser.newPage();
    await signIn(here, email, 'amber-canyon-whistle-27');
    await signIn(elsewhere, email, 'amber-canyon-whistle-27');

    await here.getByLabel('Current password').fill('not-my-password');
    await here.getByLabel('New password', { exact: true }).fill('quiet-meadow-copper-58');
    await here.getByLabel('Confirm new password').fill('quiet-meadow-copper-58');
    await here.getByRole('button', { name: 'Change password' }).click();
    await expect(here.getByText('Current password is incorrect.')).toBeVisible();

    await here.getByLabel('Current password').fill('amber-canyon-whistle-27');
    await here.getByLabel('New password', { exact: true }).fill('12345678');
    await here.getByLabel('Confirm new password').fill('12345678');
    await here.getByRole('button', { name: 'Change password' }).click();
    await expect(here.locator('#newPassword-error')).toBeVisible();

    await here.getByLabel('New password', { exact: true }).fill('quiet-meadow-copper-58');
    await here.getByLabel('Confirm new password').fill('quiet-meadow-copper-58');
    await here.getByRole('button', { name: 'Change password' }).click();
    await expect(here.getByText('Your password has changed. Other devices have been signed out.')).toBeVisible();

    await here.reload();
    await expect(here.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await elsewhere.reload();
    await expect(elsewhere).toHaveURL(/\/login\?callbackUrl=%2Faccount/);
    await signIn(elsewhere, email, 'quiet-meadow-copper-58');
    await here.close();
    await elsewhere.close();
  });
});
