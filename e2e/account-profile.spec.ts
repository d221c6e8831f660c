import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ACCOUNTS } from './demo-accounts';
import { registerAccount } from './helpers';

// A person makes their profile their own on the account page (name, handle, picture, bio,
// links) and everyone sees it on their public profile, without their e-mail address.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A wide photo: what the server keeps is the square from its middle. */
const photo = () =>
  sharp({ create: { width: 900, height: 400, channels: 3, background: { r: 97, g: 40, b: 238 } } })
    .jpeg()
    .toBuffer();

/** The stored file a picture shows, from the image optimizer's address (its `url` parameter). */
async function pictureShown(page: Page, scope: string): Promise<string> {
  const image = page.getByTestId(scope).locator('img').first();
  return (await image.count()) ? decodeURIComponent((await image.getAttribute('src')) ?? '') : '';
}

test('a member changes their name, handle, picture, bio and links and sees them on their public profile', async ({
  page,
  browser,
}) => {
  const account = { name: 'Nova Profile', handle: `nova_${stamp}`, email: `nova-${stamp}@example.com` };
  // Following the sign-up's link as this browser signs it in.
  await registerAccount(page.request, account);
  await page.goto('/account');

  const section = page.locator('section#profile');
  await expect(section.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(section.getByLabel('Display name')).toHaveValue(account.name);
  await expect(section.getByLabel('Handle')).toHaveValue(account.handle);

  // The picture is sent as soon as it is chosen, and shown once stored.
  await section.getByTestId('picture-input').setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  await expect
    .poll(() => pictureShown(page, 'profile-picture'), { timeout: 15_000 })
    .toMatch(/\/uploads\/pictures\/[0-9a-f-]{36}\.jpg/);
  const picture = /\/uploads\/pictures\/[0-9a-f-]{36}\.jpg/.exec(await pictureShown(page, 'profile-picture'))![0];

  // Someone else's handle, whatever its case, is refused at its field.
  await section.getByLabel('Handle').fill(ACCOUNTS.creator.nickname.toUpperCase());
  await section.getByRole('button', { name: 'Save profile' }).click();
  await expect(section.getByText('That handle is taken. Please choose another.')).toBeVisible();

  const handle = `Nova_${stamp}`;
  await section.getByLabel('Display name').fill('Nova Quinn');
  await section.getByLabel('Handle').fill(`@${handle}`);
  await section.getByLabel('Bio').fill('Paints skies.\nStreams on Fridays.');
  await section.getByLabel('Link 1', { exact: true }).fill('https://www.github.com/nova');
  await section.getByRole('button', { name: 'Add a link' }).click();
  await section.getByLabel('Link 2', { exact: true }).fill('https://nova.example.org/shop');
  await section.getByRole('button', { name: 'Save profile' }).click();
  await expect(section.getByText('Your profile is saved.')).toBeVisible();
  await expect(section.getByLabel('Handle')).toHaveValue(handle);

  // A visitor, signed out, reads the public profile.
  const visitor = await browser.newPage();
  const profileLink = await section.getByRole('link', { name: 'public profile' }).getAttribute('href');
  await visitor.goto(profileLink!);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Nova Quinn');
  await expect(visitor.getByTestId('profile-handle')).toHaveText(`@${handle}`);
  await expect(visitor.getByTestId('profile-counts')).toHaveText('0 members · 0 envolvements');
  const bio = visitor.getByTestId('profile-bio');
  await expect(bio).toHaveText('Paints skies.\nStreams on Fridays.');
  // Its line breaks show as line breaks.
  expect((await bio.boundingBox())!.height).toBeGreaterThan(30);
  const github = visitor.getByRole('link', { name: 'github.com' });
  await expect(github).toHaveAttribute('href', 'https://www.github.com/nova');
  await expect(github).toHaveAttribute('rel', /nofollow/);
  await expect(github).toHaveAttribute('rel', /ugc/);
  await expect(github).toHaveAttribute('rel', /noopener/);
  await expect(visitor.getByRole('link', { name: 'nova.example.org' })).toHaveAttribute(
    'href',
    'https://nova.example.org/shop',
  );
  const avatar = visitor.locator('section img[src*="pictures"]').first();
  expect(decodeURIComponent((await avatar.getAttribute('src')) ?? '')).toContain(picture);
  await expect(visitor.getByText(account.email)).toHaveCount(0);
  expect(await visitor.content()).not.toContain(`nova-${stamp}`);

  // Search engines read the same person.
  const [document] = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@graph': Array<Record<string, unknown>> },
  );
  expect(document!['@graph'][0]).toMatchObject({
    '@type': 'ProfilePage',
    mainEntity: {
      '@type': 'Person',
      name: 'Nova Quinn',
      alternateName: `@${handle}`,
      description: 'Paints skies.\nStreams on Fridays.',
      sameAs: ['https://www.github.com/nova', 'https://nova.example.org/shop'],
      image: expect.stringContaining(picture),
    },
  });
  await visitor.close();

  // The picture can be taken away again: the initial shows in its place.
  await section.getByRole('button', { name: 'Remove picture' }).click();
  // The page shows what was stored once its refresh arrives, which a loaded machine can
  // keep waiting: the stored state is read afresh as well.
  await expect(section.getByRole('button', { name: 'Upload picture' })).toBeVisible({ timeout: 45_000 });
  await expect.poll(() => pictureShown(page, 'profile-picture')).toBe('');
  await page.reload();
  await expect.poll(() => pictureShown(page, 'profile-picture')).toBe('');
});
