import { describe, expect, it } from 'vitest';
import { POST } from '@/app/api/auth/register/route';
import { verifyLocalCredentials } from '@/lib/users/service';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';

useTestDatabase();

const register = (json: unknown) => call(POST, 'POST', '/api/auth/register', { json });

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
    await register({ email: 'bob@example.com', password: 'password1', name: 'Bob' });
    const res = await register({ email: 'BOB@example.com', password: 'password2', name: 'Bobby' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'An account with this email already exists.',
      code: 'conflict',
      fields: { email: 'An account with this email already exists.' },
    });
  });

  it('accepts a password of exactly 8 characters and refuses 7', async () => {
    expect((await register({ email: 'a@example.com', password: '12345678', name: 'A' })).status).toBe(201);
    const res = await register({ email: 'b@example.com', password: '1234567', name: 'B' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('answers 400 with field errors for a bad e-mail and a missing name', async () => {
    const res = await register({ email: 'not-an-email', password: 'password1', name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Name is required',
      code: 'bad_request',
      fields: { name: 'Name is required', email: 'Please enter a valid email address' },
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await call(POST, 'POST', '/api/auth/register', { body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body must be valid JSON.', code: 'bad_request' });
  });
});
