import { expect, test } from '@playwright/test';

test('the landing carousel advances by itself, wraps, and its dots jump', async ({ page }) => {
  // The page's clock is driven by the test, so the 5 s interval is exact and instant.
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByText('Something totally different')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Engage Your Audience' })).toBeVisible();
  const active = page.locator('[data-testid="carousel-slide"][data-active="true"]');
  await expect(active).toContainText('Custom character commission');
  await expect(active).toContainText('$49.99');
  await page.clock.runFor(5_000);
  await expect(active).toContainText('Crowdfund the studio album');
  await page.getByRole('button', { name: 'Go to slide 5' }).click();
  await expect(active).toContainText('Live Q&A seat');
  await expect(page.getByRole('button', { name: 'Go to slide 5' })).toHaveAttribute('aria-current', 'true');
  // From the last slide it wraps to the first.
  await page.clock.runFor(5_000);
  await expect(active).toContainText('Custom character commission');
});

test('JOIN WAITLIST reveals the form and thanks the visitor', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'JOIN WAITLIST' }).click();
  const email = page.getByLabel('Email Address:');
  await expect(email).toHaveAttribute('placeholder', 'Enter your email');
  await email.fill(`fan-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you!')).toBeVisible();
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
