import { describe, expect, it } from 'vitest';
import { safeRedirectUrl, safeReturnPath } from '@/lib/http/return-path';

// Each payload is one a browser (or a server in front of the app) could resolve to
// another origin, or that is not a path at all.
const REFUSED: Array<[string, unknown]> = [
  ['backslash after the slash', '/\\evil.example'],
  ['encoded backslash', '/%5Cevil.example'],
  ['lower-case encoded backslash', '/%5cevil.example'],
  ['double-encoded backslash', '/%255Cevil.example'],
  ['tab between the slashes', '/\t/evil.example'],
  ['encoded tab between the slashes', '/%09/evil.example'],
  ['newline between the slashes', '/\n/evil.example'],
  ['encoded carriage return', '/%0D/evil.example'],
  ['NUL byte', '/%00/evil.example'],
  ['raw NUL byte', '/\u0000/evil.example'],
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with path', '//evil.example/profile'],
  ['three slashes', '///evil.example'],
  ['encoded second slash', '/%2Fevil.example'],
  ['double-encoded second slash', '/%252Fevil.example'],
  ['slash then backslash', '/\\/evil.example'],
  ['backslash then slash', '\\/evil.example'],
  ['absolute https URL', 'https://evil.example/'],
  ['absolute http URL', 'http://evil.example'],
  ['scheme without slashes', 'https:evil.example'],
  ['javascript: URL', 'javascript:alert(1)'],
  ['data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['relative path without slash', 'evil.example'],
  ['user info trick', '//user@evil.example'],
  ['encoded everything', '%2F%2Fevil.example'],
  ['leading space before protocol-relative', ' //evil.example'],
  ['unicode line separator', '/\u2028/evil.example'],
  ['C1 control', '/\u0085/evil.example'],
  ['DEL', '/\u007f/evil.example'],
  ['malformed percent-encoding', '/%E0%A4%A'],
  ['empty', ''],
  ['not a string', 42],
  ['null', null],
  ['an object', { href: '/profile' }],
  ['too long', `/${'a'.repeat(3000)}`],
];

const ALLOWED = [
  '/',
  '/profile',
  '/envolvement/3f2b1c9e-8f6a-4b57-9a3e-2c1d0e9f8a7b',
  '/explore?q=hello%20world&category=art',
  '/payment/abc#card',
  '/profile/search/maya',
];

describe('safeReturnPath', () => {
  it.each(REFUSED)('refuses %s', (_label, payload) => {
    expect(safeReturnPath(payload, '/fallback')).toBe('/fallback');
  });

  it.each(ALLOWED)('keeps the same-site path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it('takes the first of repeated query values', () => {
    expect(safeReturnPath(['/explore', '//evil.example'])).toBe('/explore');
    expect(safeReturnPath(['//evil.example', '/explore'])).toBe('/');
  });
});

describe('safeRedirectUrl', () => {
  const base = 'https://envolve.example';

  it('keeps targets on the site', () => {
    expect(safeRedirectUrl('/create', base)).toBe('https://envolve.example/create');
    expect(safeRedirectUrl('https://envolve.example/explore?q=x', base)).toBe('https://envolve.example/explore?q=x');
  });

  it.each(REFUSED.filter(([, payload]) => typeof payload === 'string') as Array<[string, string]>)(
    'sends %s home',
    (_label, payload) => {
      expect(safeRedirectUrl(payload, base)).toBe('https://envolve.example/');
    },
  );

  it('refuses another origin, including a look-alike', () => {
    expect(safeRedirectUrl('https://envolve.example.evil.example/', base)).toBe('https://envolve.example/');
    expect(safeRedirectUrl('http://envolve.example/', base)).toBe('https://envolve.example/');
  });
});
