import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { getAuthSecret } from '@/lib/auth/secret';
import { exploreParamsOfKey } from '@/lib/explore/page-key';
import { proxy } from '@/proxy';
import { sessionCookie } from '../../scripts/bench/sessions';

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(new URL(path, 'http://localhost:3000'), { headers });
/** The path Next is told to render instead, when the proxy rewrites. */
const rewrittenPath = (response: Response) => {
  const target = response.headers.get('x-middleware-rewrite');
  return target ? new URL(target).pathname : null;
};
const maya = { id: 'local|maya-proxy', name: 'Maya', nickname: 'maya' };
const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

describe('the proxy', () => {
  const saved = process.env.NEXTAUTH_URL;
  afterEach(() => {
    // Assigning undefined would store the string 'undefined'.
    if (saved === undefined) delete process.env.NEXTAUTH_URL;
    else process.env.NEXTAUTH_URL = saved;
  });

  it("gives each page rendered for its request a policy with a fresh nonce, and hands the nonce to Next's renderer", async () => {
    const first = await proxy(request('/create'));
    const second = await proxy(request('/create'));
    const policy = first.headers.get('content-security-policy');
    const nonce = nonceOf(policy);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers.get('content-security-policy'))).not.toBe(nonce);
    expect(policy).toContain("default-src 'self'");
    expect(first.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
  });

  it('sets the security headers on pages and API answers, leaving the API its own policy', async () => {
    for (const path of ['/', '/api/health']) {
      const response = await proxy(request(path));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
    }
    expect((await proxy(request('/api/health'))).headers.get('content-security-policy')).toBeNull();
  });

  it('asks for https only on a site served over https', async () => {
    process.env.NEXTAUTH_URL = 'http://localhost:3000';
    expect((await proxy(request('/'))).headers.get('strict-transport-security')).toBeNull();
    process.env.NEXTAUTH_URL = 'https://envolve.example';
    expect((await proxy(request('/'))).headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
  });

  it('answers 400 for a path whose escapes do not decode, as JSON under /api', async () => {
    const page = await proxy(request('/explore/%E0%A4%A'));
    expect(page.status).toBe(400);
    expect(await page.text()).toBe('The address is not valid.');
    const api = await proxy(request('/api/post/%zz'));
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: 'The address is not valid.', code: 'bad_request' });
  });

  it('serves every Explore view by category from one cache entry per set of categories, with a policy that has no nonce', async () => {
    const first = await proxy(request('/explore?category=Music&category=Art'));
    const same = await proxy(request('/explore?category=Art&category=Music&unknown=1'));
    const path = rewrittenPath(first);
    expect(path).toMatch(/^\/explore\/~[A-Za-z0-9_-]+$/);
    expect(rewrittenPath(same)).toBe(path);
    expect(exploreParamsOfKey(path!.split('/')[2]!)).toEqual({
      q: '',
      categories: ['Art', 'Music'],
      all: false,
    });
    const policy = first.headers.get('content-security-policy');
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");
    expect(nonceOf(policy)).toBeUndefined();
    // Nothing tells the renderer of a nonce, so none is written into the cached page.
    expect(first.headers.get('x-middleware-request-x-nonce')).toBeNull();
    expect(rewrittenPath(await proxy(request('/explore')))).toBe('/explore/~');
    expect(rewrittenPath(await proxy(request('/explore?view=all')))).toBe(
      `/explore/~${Buffer.from('view=all').toString('base64url')}`,
    );
  });

  it('renders a search for its request, never a page stored per query', async () => {
    for (const query of ['q=portrait', 'q=portrait&category=Art', 'category=Music&q=new+words&unknown=1']) {
      const answer = await proxy(request(`/explore?${query}`));
      const target = new URL(answer.headers.get('x-middleware-rewrite')!);
      expect(target.pathname).toBe('/explore/search');
      expect(target.search).toBe(`?${query}`);
      expect(nonceOf(answer.headers.get('content-security-policy'))).toBeTruthy();
    }
    // A blank search is no search: the cached view.
    expect(rewrittenPath(await proxy(request('/explore?q=+')))).toBe('/explore/~');
    // The search page reached directly is rendered for its request too.
    expect(nonceOf((await proxy(request('/explore/search?q=x'))).headers.get('content-security-policy'))).toBeTruthy();
  });

  it('serves the marketing pages from the cache, as /site/<page>/cached', async () => {
    const pages = {
      '/': 'home',
      '/about-us': 'about-us',
      '/features': 'features',
      '/terms-and-privacy': 'terms-and-privacy',
      '/ambassador': 'ambassador',
      '/contact-us': 'contact-us',
    };
    for (const [path, page] of Object.entries(pages)) {
      const response = await proxy(request(path));
      expect(rewrittenPath(response)).toBe(`/site/${page}/cached`);
      expect(nonceOf(response.headers.get('content-security-policy'))).toBeUndefined();
    }
    // Other pages are rendered for their request.
    for (const path of ['/login', '/create', '/featuresx', '/site']) {
      const response = await proxy(request(path));
      expect(rewrittenPath(response)).toBeNull();
      expect(nonceOf(response.headers.get('content-security-policy'))).toBeTruthy();
    }
  });

  it('refuses a key that is not one, and gives an Explore page reached directly the same policy', async () => {
    expect(exploreParamsOfKey('portrait')).toBeNull();
    expect(exploreParamsOfKey('~not base64!')).toBeNull();
    const response = await proxy(request('/explore/~'));
    expect(rewrittenPath(response)).toBeNull();
    expect(nonceOf(response.headers.get('content-security-policy'))).toBeUndefined();
  });

  it('serves a profile from the cache to everyone, its owner included', async () => {
    const cookie = await sessionCookie(getAuthSecret(), maya);
    const stranger = await sessionCookie(getAuthSecret(), { ...maya, id: 'local|sam-proxy' });
    for (const visitor of [undefined, stranger, cookie])
      for (const path of ['/profile/maya-proxy', '/profile/local%7Cmaya-proxy']) {
        const answer = await proxy(request(path, visitor ? { cookie: visitor } : {}));
        expect(rewrittenPath(answer)).toBeNull();
        expect(nonceOf(answer.headers.get('content-security-policy'))).toBeUndefined();
      }
    // The other profile pages are not a user's: the owner's own page, the search.
    for (const path of ['/profile', '/profile/search']) {
      const other = await proxy(request(path));
      expect(rewrittenPath(other)).toBeNull();
      expect(nonceOf(other.headers.get('content-security-policy'))).toBeTruthy();
    }
  });

  it("serves a profile's `/@handle` address from its page at /profile/@handle, from the cache", async () => {
    const cookie = await sessionCookie(getAuthSecret(), maya);
    for (const visitor of [undefined, cookie])
      for (const [path, target] of [
        ['/@maya', '/profile/@maya'],
        ['/%40Maya', '/profile/@Maya'],
      ]) {
        const answer = await proxy(request(path!, visitor ? { cookie: visitor } : {}));
        expect(rewrittenPath(answer)).toBe(target);
        expect(nonceOf(answer.headers.get('content-security-policy'))).toBeUndefined();
      }
    // Deeper paths are not a profile's address.
    const deeper = await proxy(request('/@maya/more'));
    expect(rewrittenPath(deeper)).toBeNull();
  });
});
