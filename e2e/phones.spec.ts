import { expect, test, type Page } from '@playwright/test';
import { storageState } from './demo-accounts';
import { listRoutes } from './routes';

const PHONE_WIDTHS = [320, 360, 390];

async function pageWidth(page: Page) {
  return page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
}

for (const signedIn of [false, true]) {
  test.describe(signedIn ? 'signed in' : 'signed out', () => {
    if (signedIn) test.use({ storageState: storageState('creator') });

    // One load per route, measured at each width: the layout follows the viewport live.
    test(`no page scrolls sideways at ${PHONE_WIDTHS.join(', ')}px`, async ({ page, request }) => {
      const wider: string[] = [];
      for (const route of await listRoutes(request)) {
        await page.setViewportSize({ width: PHONE_WIDTHS[0]!, height: 800 });
        await page.goto(route);
        for (const width of PHONE_WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          const { content, screen } = await pageWidth(page);
          if (content > screen) wider.push(`${route} at ${width}px: ${content}px`);
        }
      }
      expect(wider).toEqual([]);
    });
  });
}

test.describe('the phone menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('is a drawer: no rail beside the page, focus kept inside, Escape returns to the button', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByTestId('side-menu')).toBeHidden();
    const main = await page.locator('#main').boundingBox();
    expect(main?.x).toBe(0);
    expect(main?.width).toBe(390);

    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Find people' })).toBeVisible();
    // Tabbing past the last link comes back into the drawer, never to the page behind it.
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('closes on a click on the scrim and when a link is followed', async ({ page }) => {
    await page.goto('/about-us');
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await button.click();
    await expect(drawer).toBeVisible();
    // The scrim is the part of the screen right of the 288px panel.
    await page.mouse.click(360, 400);
    await expect(drawer).toBeHidden();

    await button.click();
    await drawer.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Question? Comment? Want to be Envolved?' })).toBeVisible();
  });
});

test.describe('the side menu above 768px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is open at 18rem, collapses to 4rem and has no drawer button', async ({ page }) => {
    await page.goto('/contact-us');
    const menu = page.getByTestId('side-menu');
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await expect(menu.getByRole('link', { name: 'Find people' })).toBeVisible();
    expect((await menu.boundingBox())?.width).toBeCloseTo(288, 0);
    await menu.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBeCloseTo(64, 0);
    await menu.getByRole('button', { name: 'Expand menu' }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBeCloseTo(288, 0);
  });
});

test.describe('the Profile item', () => {
  test.use({ storageState: storageState('creator'), viewport: { width: 1280, height: 800 } });

  test('is current on the own profile and account only', async ({ page, request }) => {
    const profileItem = page.getByTestId('side-menu').getByRole('link', { name: 'Profile' });
    for (const route of ['/profile', '/account']) {
      await page.goto(route);
      await expect(profileItem).toHaveAttribute('aria-current', 'page');
    }
    const someoneElse = (await listRoutes(request)).at(-1) ?? '';
    for (const route of ['/profile/search', someoneElse]) {
      await page.goto(route);
      await expect(profileItem).not.toHaveAttribute('aria-current');
    }
    await expect(page.getByTestId('side-menu').getByRole('link', { name: 'Find people' })).not.toHaveAttribute(
      'aria-current',
    );
    await page.goto('/profile/search');
    await expect(page.getByTestId('side-menu').getByRole('link', { name: 'Find people' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
