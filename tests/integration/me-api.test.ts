import { describe, expect, it } from 'vitest';
import { endAllSessions } from '@/lib/users/service';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createUser } from '../factories';

useTestDatabase();

// The browser asks who is signed in for the parts of a cached page that depend on it.
describe('GET /api/me', () => {
  it('names the signed-in user by id, name and picture only', async () => {
    const maya = await createUser({ name: 'Maya Chen', picture: 'https://img.example/m.png' });
    const answer = await call('GET', '/api/me', { as: maya });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ viewer: { id: maya.id, name: 'Maya Chen', picture: 'https://img.example/m.png' } });
  });

  it('answers null without a session, and for a session ended since (signed out everywhere)', async () => {
    expect(await call('GET', '/api/me')).toEqual(expect.objectContaining({ status: 200, body: { viewer: null } }));
    const sam = await createUser();
    expect(await endAllSessions(sam.id, 0)).toBe(true);
    expect((await call('GET', '/api/me', { as: sam })).body).toEqual({ viewer: null });
  });

  it('takes no input that could name someone else, and allows only reading', async () => {
    const maya = await createUser();
    const sam = await createUser();
    const answer = await call('GET', `/api/me?id=${encodeURIComponent(maya.id)}`, { as: sam });
    expect((answer.body as { viewer: { id: string } }).viewer.id).toBe(sam.id);
    expect((await call('POST', '/api/me', { as: sam })).status).toBe(405);
  });
});
