import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuthSecret } from '@/lib/auth/secret';

afterEach(() => vi.unstubAllEnvs());

describe('getAuthSecret', () => {
  it('uses NEXTAUTH_SECRET when it is set', () => {
    vi.stubEnv('NEXTAUTH_SECRET', 'from-the-environment');
    expect(getAuthSecret()).toBe('from-the-environment');
  });

  it('refuses to run a production server without it, with a clear message', () => {
    vi.stubEnv('NEXTAUTH_SECRET', '');
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => getAuthSecret()).toThrow(/NEXTAUTH_SECRET is not set/);
  });

  it('lets the production build run without it', () => {
    vi.stubEnv('NEXTAUTH_SECRET', '');
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('NEXT_PHASE', 'phase-production-build');
    expect(getAuthSecret()).toMatch(/development/);
  });

  it('falls back to the development secret in development', () => {
    vi.stubEnv('NEXTAUTH_SECRET', '');
    vi.stubEnv('NODE_ENV', 'development');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(getAuthSecret()).toMatch(/development/);
    warn.mockRestore();
  });
});
