import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';

const request = (path: string) => new NextRequest(new URL(path, 'http://localhost:3000'));
const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

describe('the proxy', () => {
  const saved = process.env.NEXTAUTH_URL;
  afterEach(() => {
    // Assigning undefined would store the string 'undefined'.
    if (saved === undefined) delete process.env.NEXTAUTH_URL;
    else process.env.NEXTAUTH_URL = saved;
  });

  it("gives each page a policy with a fresh nonce, and hands the nonce to Next's renderer", async () => {
    const first = await proxy(request('/features'));
    const second = await proxy(request('/features'));
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
});
