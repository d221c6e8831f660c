import { expect, test, type Page } from '@playwright/test';

/** The title of the `n`th slide (from 0), as the page lists them. */
const slideTitle = (page: Page, n: number) =>
  page.getByTestId('carousel-slide').nth(n).getByTestId('slide-title').textContent() as Promise<string>;

test('the landing carousel shows the most joined envolvements: it advances by itself, wraps, its dots jump, and a slide opens its page', async ({
  page,
}) => {
  // The page's clock is driven by the test, so the 5 s interval is exact and instant.
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByText('Something totally different')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Engage Your Audience' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Most joined envolvements' })).toBeVisible();
  const active = page.locator('[data-testid="carousel-slide"][data-active="true"]');
  const [first, second, last] = await Promise.all([slideTitle(page, 0), slideTitle(page, 1), slideTitle(page, 4)]);
  await expect(active).toContainText(first);
  await expect(active).toContainText(/\d+ members?/);
  await page.clock.runFor(5_000);
  await expect(active).toContainText(second);
  await page.getByRole('button', { name: 'Go to slide 5' }).click();
  await expect(active).toContainText(last);
  await expect(page.getByRole('button', { name: 'Go to slide 5' })).toHaveAttribute('aria-current', 'true');
  // From the last slide it wraps to the first.
  await page.clock.runFor(5_000);
  await expect(active).toContainText(first);
  await active.getByRole('link').click();
  await expect(page).toHaveURL(/\/envolvement\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: first, level: 1 })).toBeVisible();
});

test('a visitor asks for the newsletter and is told the same as for any address', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get the newsletter' }).click();
  const email = page.getByLabel('Email Address:');
  await expect(email).toHaveAttribute('placeholder', 'Enter your email');
  await email.fill(`fan-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a link to confirm it is on its way' })).toBeVisible();
});

test('the home page tells its story in the past tense', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Our story so far')).toBeVisible();
  await expect(page.getByText(/tentative/i)).toHaveCount(0);
  await expect(page.getByText('Summer 2022')).toBeVisible();
});

test('the home page links to features and the ambassador application', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'APPLY' }).click();
  await expect(page).toHaveURL(/\/ambassador$/);
  await page.goto('/');
  await page.getByRole('link', { name: 'See all features' }).click();
  for (const pillar of ['Collaborate', 'Connect', 'Commission', 'Centralize', 'Crowdfund', 'Charity']) {
    await expect(page.getByRole('heading', { name: pillar })).toBeVisible();
  }
});

test('the ambassador form reports missing fields, then thanks the applicant', async ({ page }) => {
  await page.goto('/ambassador');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Please choose at least one content type')).toBeVisible();
  await page.getByLabel('Name').fill('Jordan Lee');
  await page.getByLabel('Email').fill('jordan@example.com');
  await page.getByLabel('Handle').fill('@jordan');
  await page.getByLabel('Primary platform').selectOption('Tik Tok');
  await page.getByLabel('Gaming').check();
  await page.getByLabel('How To / Tutorials').check();
  await page.getByLabel('Platform link').fill('https://www.tiktok.com/@jordan');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you for applying!')).toBeVisible();
});

test('the contact page invites questions', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { name: 'Question? Comment? Want to be Envolved?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'hello@envolve.app' })).toHaveAttribute(
    'href',
    'mailto:hello@envolve.app',
  );
});
