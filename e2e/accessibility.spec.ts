import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { storageState } from './demo-accounts';
import { INFO_PAGES, listRoutes } from './routes';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** axe's findings on the page as it is now, one line per rule and element. */
async function findViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}: ${violation.help}`),
  );
}

for (const signedIn of [false, true]) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${signedIn ? 'signed in' : 'signed out'} at ${viewport.width}px`, () => {
      test.use({ viewport, ...(signedIn ? { storageState: storageState('creator') } : {}) });

      test('no page has an axe violation', async ({ page, request }) => {
        // One test walks every route (about twenty axe runs): it gets the time of several.
        test.setTimeout(180_000);
        // Signed in, the info pages are audited through the home page, which has their shell.
        const routes = (await listRoutes(request)).filter((route) => !signedIn || !INFO_PAGES.includes(route));
        // A page that sends this visitor elsewhere (to sign in, say) is audited once, where it lands.
        const audited = new Set<string>();
        for (const route of routes) {
          await page.goto(route);
          const landed = new URL(page.url()).pathname;
          if (audited.has(landed)) continue;
          audited.add(landed);
          expect.soft(await findViolations(page), route).toEqual([]);
        }
        expect(audited.size).toBeGreaterThan(signedIn ? 8 : 10);
      });

      test('the open offer dialog and the open menu have no axe violation', async ({ page }) => {
        await page.goto('/explore');
        const card = page.getByTestId('offer-card').first();
        // Signed-out visitors may not see any offer, so there is no dialog to open.
        if (await card.isVisible()) {
          await card.getByRole('link').first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          expect.soft(await findViolations(page), 'offer dialog').toEqual([]);
          await page.keyboard.press('Escape');
        }
        const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
        if (viewport.width < 768) {
          await menuButton.click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          expect.soft(await findViolations(page), 'menu drawer').toEqual([]);
        }
      });
    });
  }
}

test('the landing page keeps focus on what each newsletter step reveals', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get the newsletter' }).click();
  await expect(page.getByLabel('Email Address:')).toBeFocused();
  await page.getByLabel('Email Address:').fill(`focus-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a link to confirm it is on its way' })).toBeFocused();
});

test.describe('the landing carousel', () => {
  const active = (page: Page) => page.locator('[data-testid="carousel-slide"][data-active="true"]');
  const slideTitle = (page: Page, n: number) =>
    page.getByTestId('carousel-slide').nth(n).getByTestId('slide-title').textContent() as Promise<string>;

  // The page's clock is driven by the test: six seconds pass in an instant, and exactly.
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('stays on its slide once paused', async ({ page }) => {
    await page.goto('/');
    const [first, second] = await Promise.all([slideTitle(page, 0), slideTitle(page, 1)]);
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.clock.runFor(6_000);
    await expect(active(page)).toContainText(first);
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.clock.runFor(5_000);
    await expect(active(page)).toContainText(second);
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('does not advance by itself', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
      const first = await slideTitle(page, 0);
      await page.clock.runFor(6_000);
      await expect(active(page)).toContainText(first);
    });
  });
});

test.describe('tabs', () => {
  test.use({ storageState: storageState('creator') });

  test('follow the arrow keys, Home and End, with one tab stop', async ({ page }) => {
    await page.goto('/profile');
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    // Two tabs at least, once they have streamed in after the profile's header.
    await expect(tabs.nth(1)).toBeVisible();
    await tabs.first().click();
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    // Only the open tab is in the Tab order; the open panel is named by it.
    await expect(tabs.nth(1)).toHaveAttribute('tabindex', '-1');
    const firstName = (await tabs.first().textContent()) ?? '';
    await expect(page.getByRole('tabpanel', { name: firstName })).toBeVisible();

    // The keys answer once React has taken over the page: the first is pressed until they do.
    await expect(async () => {
      await tabs.first().focus();
      await page.keyboard.press('ArrowRight');
      await expect(tabs.nth(1)).toBeFocused({ timeout: 1_000 });
    }).toPass();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('End');
    await expect(tabs.last()).toBeFocused();
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: firstName })).toBeVisible();
  });
});
