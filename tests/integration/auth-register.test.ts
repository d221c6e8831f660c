import { describe, expect, it } from 'vitest';
import { verifyLocalCredentials } from '@/lib/users/service';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';

useTestDatabase();

const register = (json: unknown) => call('POST', '/api/auth/register', { json });

/** The status and body of a registration, to compare whole. */
async function answer(json: unknown) {
  const { status, body } = await register(json);
  return { status, body };
}

/** A 400 that says what is wrong with the password, under its field. */
const refusal = (reason: string) => ({
  status: 400,
  body: { error: reason, code: 'bad_request', fields: { password: reason } },
});

describe('POST /api/auth/register', () => {
  it('creates an account that can then sign in, without exposing the hash', async () => {
    const res = await register({ email: 'Ada@Example.com ', password: 'correct horse', name: ' Ada Lovelace ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^local\|[0-9a-f-]{36}$/),
      name: 'Ada Lovelace',
      nickname: 'ada',
      email: 'ada@example.com',
    });
    expect(await verifyLocalCredentials('ada@example.com', 'correct horse')).toMatchObject({ id: res.body.id });
    expect(await verifyLocalCredentials('ADA@example.com', 'wrong password')).toBeNull();
  });

  it('answers 409 for an e-mail that is taken, whatever its case', async () => {
    expect(
      (await register({ email: 'bob@example.com', password: 'Tulip-Rocket-Lantern-93', name: 'Bob' })).status,
    ).toBe(201);
    const taken = 'An account with this email already exists.';
    expect(await answer({ email: 'BOB@example.com', password: 'violet-harbor-lantern-93', name: 'Bobby' })).toEqual({
      status: 409,
      body: { error: taken, code: 'conflict', fields: { email: taken } },
    });
  });

  it('accepts a password of exactly 8 characters and refuses 7', async () => {
    expect((await register({ email: 'a@example.com', password: 'Kq7#vZ2m', name: 'A' })).status).toBe(201);
    expect(await answer({ email: 'b@example.com', password: 'Kq7#vZ2', name: 'B' })).toEqual(
      refusal('Password must be at least 8 characters'),
    );
  });

  it('accepts a password of exactly 200 characters and refuses 201', async () => {
    const long = 'Tulip-Rocket-Lantern-93 '.repeat(9).slice(0, 200);
    expect((await register({ email: 'a@example.com', password: long, name: 'A' })).status).toBe(201);
    expect(await answer({ email: 'b@example.com', password: `${long}x`, name: 'B' })).toEqual(
      refusal('Password must be 200 characters or fewer'),
    );
  });

  it('refuses a password that is easy to guess, saying why under the field, and creates nothing', async () => {
    expect(await answer({ email: 'a@example.com', password: '12345678', name: 'A' })).toEqual(
      refusal(
        'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
      ),
    );
    expect(await answer({ email: 'b@example.com', password: '        ', name: 'B' })).toEqual(
      refusal('Password cannot be only spaces.'),
    );
    expect(
      await answer({ email: 'grace.hopper@example.com', password: 'Grace.Hopper@example.com', name: 'Grace' }),
    ).toEqual(refusal('Password cannot be your email address.'));
    expect(await verifyLocalCredentials('a@example.com', '12345678')).toBeNull();
    expect((await register({ email: 'a@example.com', password: 'Tulip-Rocket-Lantern-93', name: 'A' })).status).toBe(
      201,
    );
  });

  it('answers 400 with field errors for a bad e-mail and a missing name', async () => {
    const res = await register({ email: 'not-an-email', password: 'Tulip-Rocket-Lantern-93', name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Name is required',
      code: 'bad_request',
      fields: { name: 'Name is required', email: 'Please enter a valid email address' },
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await call('POST', '/api/auth/register', {
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body must be valid JSON.', code: 'bad_request' });
  });
});
