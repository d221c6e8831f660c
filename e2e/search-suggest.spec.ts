import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './demo-accounts';

// The top bar's search as one types: a combobox over GET /api/search/suggest, on the
// production build, with the demo data (the seed's 'Zine collaboration' by Inès Duarte).

test.use({ viewport: { width: 1280, height: 800 } });

const SUGGEST = '/api/search/suggest';
const box = (page: Page) => page.getByRole('combobox', { name: 'Search envolvements' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const option = (page: Page, name: string | RegExp) => listbox(page).getByRole('option', { name });

/** The addresses of the suggestion requests the page sends from now on. */
function watchSuggestRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === SUGGEST) seen.push(url);
  });
  return seen;
}

test('two letters of a title suggest its envolvement, grouped and announced', async ({ page }) => {
  await page.goto('/about-us');
  const requests = watchSuggestRequests(page);
  await box(page).fill('z');
  // One letter asks nothing: the list stays closed.
  await page.waitForTimeout(400);
  expect(requests).toHaveLength(0);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');

  await box(page).fill('zi');
  const zine = option(page, /Zine collaboration/);
  await expect(zine).toBeVisible();
  await expect(zine).toHaveAttribute('href', /^\/envolvement\/[^/]+$/);
  await expect(listbox(page).getByRole('group', { name: 'Envolvements' })).toContainText('Zine collaboration');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(box(page)).toHaveAttribute('aria-controls', 'top-bar-suggestions');
  await expect(box(page)).toHaveAttribute('aria-autocomplete', 'list');
  const count = await listbox(page).getByRole('option').count();
  await expect(page.getByRole('status').filter({ hasText: /suggestion/ })).toHaveText(
    count === 1 ? '1 suggestion' : `${count} suggestions`,
  );
  expect(requests.map((url) => url.searchParams.get('q'))).toEqual(['zi']);

  // The open list passes the same accessibility audit as the pages.
  const { violations } = await new AxeBuilder({ page })
    .include('[role="search"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('Down and Enter open the highlighted envolvement; the arrows wrap round', async ({ page }) => {
  await page.goto('/features');
  await box(page).fill('Zine collab');
  const zine = option(page, /Zine collaboration/);
  await expect(zine).toBeVisible();
  const options = listbox(page).getByRole('option');
  const count = await options.count();

  await box(page).press('ArrowUp');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', `top-bar-suggestions-${count - 1}`);
  await box(page).press('ArrowDown');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', 'top-bar-suggestions-0');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(box(page)).toBeFocused();

  const href = await zine.getAttribute('href');
  const index = Number((await zine.getAttribute('id'))?.split('-').pop());
  for (let i = 0; i < index; i += 1) await box(page).press('ArrowDown');
  await expect(zine).toHaveAttribute('aria-selected', 'true');
  await box(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { name: 'Zine collaboration' })).toBeVisible();
  // The box is emptied for the next search.
  await expect(box(page)).toHaveValue('');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
});

test('Escape closes the list, a second Escape clears the text, and Tab leaves', async ({ page }) => {
  await page.goto('/explore');
  await box(page).fill('zine');
  await expect(listbox(page)).toBeVisible();
  await box(page).press('Escape');
  await expect(listbox(page)).toHaveCount(0);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(box(page)).toHaveValue('zine');
  // Down opens it again.
  await box(page).press('ArrowDown');
  await expect(listbox(page)).toBeVisible();
  await expect(box(page)).toHaveAttribute('aria-activedescendant', 'top-bar-suggestions-0');
  await box(page).press('Escape');
  await box(page).press('Escape');
  await expect(box(page)).toHaveValue('');

  await box(page).fill('zine');
  await expect(listbox(page)).toBeVisible();
  await box(page).press('Tab');
  await expect(box(page)).not.toBeFocused();
  await expect(listbox(page)).toHaveCount(0);
});

test('a creator option opens their profile, by click', async ({ page }) => {
  await page.goto('/features');
  const { name, nickname } = ACCOUNTS.creator;
  await box(page).fill(name.split(' ')[0]);
  const creators = listbox(page).getByRole('group', { name: 'Creators' });
  const creator = creators.getByRole('option', { name: new RegExp(`${name}.*@${nickname}`) });
  await expect(creator).toBeVisible();
  await expect(creator).toHaveAttribute('href', `/@${nickname}`);
  await creator.click();
  await expect(page).toHaveURL(new RegExp(`/@${nickname}$`));
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
});

test('typing fast asks once, for the last text only', async ({ page }) => {
  await page.goto('/about-us');
  const requests = watchSuggestRequests(page);
  await box(page).pressSequentially('watercolour', { delay: 40 });
  await expect(option(page, /Commission: your character in watercolour/)).toBeVisible();
  // Long enough for any straggler to have been sent.
  await page.waitForTimeout(600);
  expect(requests.map((url) => url.searchParams.get('q'))).toEqual(['watercolour']);
});

test('Enter with no option highlighted searches Explore, the text encoded', async ({ page }) => {
  await page.goto('/features');
  await box(page).fill('  rock & roll ');
  await box(page).press('Enter');
  await expect(page).toHaveURL(/\/explore\?q=rock%20%26%20roll$/);
  await expect(page.getByRole('searchbox', { name: 'Search for envolvements' })).toHaveValue('rock & roll');
});

test('the list says when it is waiting and when suggestions could not be loaded', async ({ page }) => {
  await page.goto('/features');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${SUGGEST}?*`, async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong."}' });
  });
  await box(page).fill('zine');
  await expect(page.getByText('Searching…')).toBeVisible();
  release();
  await expect(page.getByTestId('top-bar-suggestions')).toHaveText('Could not load suggestions');
  await expect(page.getByRole('status').filter({ hasText: 'Could not load suggestions' })).toHaveCount(1);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
});

test('a newer text aborts the request before it, whose late answer never shows', async ({ page }) => {
  await page.goto('/features');
  const aborted: string[] = [];
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.pathname === SUGGEST) aborted.push(`${url.searchParams.get('q')}: ${request.failure()?.errorText}`);
  });
  const stale = {
    envolvements: [{ id: 'stale', title: 'Stale answer', creator: { handle: 'x', name: 'X' } }],
    creators: [],
  };
  let answerStale = () => {};
  const staleReleased = new Promise<void>((resolve) => (answerStale = resolve));
  await page.route(`**${SUGGEST}?*`, async (route) => {
    if (new URL(route.request().url()).searchParams.get('q') !== 'zi') return route.continue();
    await staleReleased;
    // The browser has given up on this request: answering it may fail, which is the point.
    await route.fulfill({ json: stale }).catch(() => undefined);
  });
  const sent = page.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === 'zi');
  await box(page).fill('zi');
  await sent;
  await expect(page.getByText('Searching…')).toBeVisible();
  await box(page).fill('zine');
  await expect(option(page, /Zine collaboration/)).toBeVisible();
  answerStale();
  await expect.poll(() => aborted).toEqual(['zi: net::ERR_ABORTED']);
  await page.waitForTimeout(300);
  await expect(option(page, /Stale answer/)).toHaveCount(0);
  await expect(option(page, /Zine collaboration/)).toBeVisible();
});
