import { expect, test, type Locator } from '@playwright/test';
import { storageState } from './demo-accounts';
import { openAs, openTab, payByCard, publish, stamp } from './helpers';

// A phone's first screen, 360 × 740: checkout shows the way to pay on it; a table wider than
// the screen says that it scrolls; tabs show their whole labels.

const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y;
}

/** Each tab shows its whole label: nothing clipped inside it, nor by the edge of its list or the screen. */
async function expectWholeTabs(tabs: Locator): Promise<void> {
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    const fit = await tab.evaluate((label) => {
      const box = label.getBoundingClientRect();
      const list = label.closest('[role="tablist"]')!.getBoundingClientRect();
      return {
        label: label.textContent,
        whole: label.scrollWidth <= label.clientWidth,
        inList: box.left >= list.left && box.right <= list.right,
        onScreen: box.left >= 0 && box.right <= window.innerWidth,
      };
    });
    expect(fit).toEqual({ label: fit.label, whole: true, inList: true, onScreen: true });
  }
}

test.describe.serial('at 360 × 740', () => {
  let paid = '';

  test.beforeAll(async ({ browser }) => {
    const creator = await browser.newContext({ storageState: storageState('creator') });
    paid = await publish(creator.request, `Phone checkout ${stamp()}`, 10, 12);
    await creator.close();
  });

  test('checkout has the card form on the first screen, and a free one its join button', async ({ browser }) => {
    const { context, page } = await openAs(browser, 'buyer2', `/payment/${paid}`);
    await page.setViewportSize(PHONE);
    const join = page.getByRole('region', { name: 'Join' });
    const form = join.locator('form').first();
    await expect(form).toBeVisible();
    expect(await topOf(form)).toBeLessThan(PHONE.height - 80);
    await page.screenshot({ path: test.info().outputPath('checkout-360.png') });

    const creator = await browser.newContext({ storageState: storageState('creator') });
    const free = await publish(creator.request, `Phone join ${stamp()}`, 10);
    await creator.close();
    await page.goto(`/payment/${free}`);
    const button = join.getByRole('button', { name: 'Join for Free' });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await context.close();
  });

  test('the earnings table says that it scrolls, until its end is reached', async ({ browser }) => {
    const buyer = await browser.newContext({ storageState: storageState('buyer2') });
    await payByCard(buyer.request, paid);
    await buyer.close();

    const { context, page } = await openAs(browser, 'creator', '/account/earnings');
    await page.setViewportSize(PHONE);
    const region = page.getByRole('region', { name: 'Earnings by envolvement' });
    await expect(region.getByRole('columnheader', { name: 'Net' })).toBeAttached();
    const overflows = await region.evaluate((box) => box.scrollWidth > box.clientWidth);
    expect(overflows).toBe(true);
    const cue = page.getByTestId('scroll-cue');
    await expect(cue).toBeVisible();
    await expect(cue).toHaveText(/Scroll for more/);
    await expect(page.getByTestId('scroll-fade')).toBeVisible();
    await region.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('earnings-360.png') });
    // At the end there is nothing more to the side, and the cue goes.
    await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    await expect(cue).toHaveCount(0);
    await expect(region.getByRole('columnheader', { name: 'Net' })).toBeInViewport();
    await context.close();
  });

  test('profile and envolvement tabs show their whole labels', async ({ browser }) => {
    const { context, page } = await openAs(browser, 'buyer', '/profile');
    await page.setViewportSize(PHONE);
    await openTab(page, 'Purchased Envolvements');
    await expectWholeTabs(page.getByRole('tab'));
    await page.screenshot({ path: test.info().outputPath('profile-tabs-360.png') });

    // The creator's page of an envolvement has the most tabs: Activity, Submissions, Members.
    const creator = await browser.newContext({ storageState: storageState('creator') });
    const own = await creator.newPage();
    await own.setViewportSize(PHONE);
    await own.goto(`/envolvement/${paid}`);
    await openTab(own, 'Members');
    await expectWholeTabs(own.getByRole('tab'));
    await own.screenshot({ path: test.info().outputPath('envolvement-tabs-360.png') });
    await creator.close();
    await context.close();
  });
});
