import { expect, type APIRequestContext } from '@playwright/test';
import { MARKETING_ADDRESSES } from '../lib/routing/marketing';

/** Pages of text that read the same to everyone; only the shell around them knows the visitor. */
export const INFO_PAGES = Object.keys(MARKETING_ADDRESSES).filter((path) => path !== '/');

// Every page a visitor or member can reach, for the checks that run over all of them.
const FIXED_ROUTES = [
  '/',
  ...INFO_PAGES,
  '/login',
  '/forgot-password',
  '/explore',
  '/create',
  '/profile',
  '/profile/search',
  '/account',
  '/account/payouts',
  '/account/earnings',
];

/** The fixed routes plus the detail and checkout of a paid demo offer and its creator's public profile. */
export async function listRoutes(request: APIRequestContext): Promise<string[]> {
  const found = await request.get('/api/post/pull?limit=1&q=watercolour');
  expect(found.status()).toBe(200);
  const [offer] = (await found.json()).items as Array<{ _id: string; username: string }>;
  return [...FIXED_ROUTES, `/envolvement/${offer._id}`, `/payment/${offer._id}`, `/@${offer.username}`];
}
