import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/lib/users/password';

const PASSWORD = 'Tulip-Rocket-Lantern-93';

/** A stored hash of `password` with this salt, made outside the module under test. */
function storedHash(password: string, salt: Buffer, scheme = 'scrypt'): string {
  const key = scryptSync(password, salt, 64, { N: 16384, r: 8, p: 1 });
  return [scheme, 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('verifyPassword', () => {
  it('accepts the password a hash was made from, and only that one', async () => {
    const hash = await hashPassword(PASSWORD);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword('Tulip-Rocket-Lantern-94', hash)).toBe(false);
    expect(await verifyPassword(PASSWORD, storedHash(PASSWORD, Buffer.from('salt-of-sixteen!')))).toBe(true);
  });

  it('refuses a hash of another scheme, even when its salt and key would match', async () => {
    const hash = storedHash(PASSWORD, Buffer.from('salt-of-sixteen!'), 'bcrypt');
    expect(await verifyPassword(PASSWORD, hash)).toBe(false);
  });

  it('refuses a hash without a salt, even when its key is that of an empty salt', async () => {
    const hash = storedHash(PASSWORD, Buffer.alloc(0));
    expect(hash.split('$')[4]).toBe('');
    expect(await verifyPassword(PASSWORD, hash)).toBe(false);
  });

  it('refuses a hash whose key is missing or decodes to nothing', async () => {
    const salt = Buffer.from('salt-of-sixteen!').toString('base64');
    expect(await verifyPassword(PASSWORD, `scrypt$16384$8$1$${salt}$`)).toBe(false);
    expect(await verifyPassword(PASSWORD, `scrypt$16384$8$1$${salt}$===`)).toBe(false);
    expect(await verifyPassword(PASSWORD, `scrypt$16384$8$1$${salt}`)).toBe(false);
    expect(await verifyPassword(PASSWORD, '')).toBe(false);
  });
});
