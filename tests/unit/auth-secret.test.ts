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

describe('the development secret’s warning', () => {
  // The warning is given once per process: each test loads the modules afresh, and gets
  // the lines logged while `read` ran.
  async function loggedWhile(read: (getSecret: typeof getAuthSecret) => void): Promise<string[]> {
    vi.resetModules();
    const log = await import('@/lib/log');
    const secret = await import('@/lib/auth/secret');
    const lines: string[] = [];
    const restore = log.redirectLogs({ write: (line) => void lines.push(line) }, 'info');
    try {
      read(secret.getAuthSecret);
    } finally {
      restore();
    }
    return lines;
  }

  it('is logged once, the first time the secret is read outside tests', async () => {
    vi.stubEnv('NEXTAUTH_SECRET', '');
    vi.stubEnv('NODE_ENV', 'development');
    const lines = await loggedWhile((getSecret) => {
      expect(getSecret()).toBe('envolve-development-secret-do-not-use-in-production');
      expect(getSecret()).toBe('envolve-development-secret-do-not-use-in-production');
    });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        level: 'warn',
        time: expect.any(String),
        pid: process.pid,
        hostname: expect.any(String),
        scope: 'auth',
        msg: 'NEXTAUTH_SECRET is not set: using the fixed development secret. Never do this in production.',
      },
    ]);
  });

  it('is not logged under tests', async () => {
    vi.stubEnv('NEXTAUTH_SECRET', '');
    vi.stubEnv('NODE_ENV', 'test');
    const lines = await loggedWhile((getSecret) => {
      expect(getSecret()).toBe('envolve-development-secret-do-not-use-in-production');
    });
    expect(lines).toEqual([]);
  });
});
