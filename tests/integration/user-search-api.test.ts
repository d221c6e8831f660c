import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createUser, type TestUser } from '../factories';

useTestDatabase();

const TOO_SHORT = { error: 'Please enter at least 3 characters to search.', code: 'bad_request' };

const search = (username: string, as: TestUser | null = null) =>
  call('GET', `/api/auth0_user_search?username=${encodeURIComponent(username)}`, { as });
const nicknames = (body: Array<{ nickname: string }>) => body.map((u) => u.nickname);

describe('GET /api/auth0_user_search', () => {
  it('needs 3 characters after trimming: 2 are refused, 3 search', async () => {
    const maya = await createUser({ nickname: 'mayacreates', name: 'Maya Chen', picture: 'https://img.example/m.png' });
    expect(await search('ma')).toEqual(
      expect.objectContaining({ status: 400, body: expect.objectContaining(TOO_SHORT) }),
    );
    expect(await search('  ma  ')).toEqual(
      expect.objectContaining({ status: 400, body: expect.objectContaining(TOO_SHORT) }),
    );
    expect(await search('')).toEqual(
      expect.objectContaining({ status: 400, body: expect.objectContaining(TOO_SHORT) }),
    );
    expect(await call('GET', '/api/auth0_user_search')).toEqual(
      expect.objectContaining({ status: 400, body: expect.objectContaining(TOO_SHORT) }),
    );
    const found = await search('may');
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      { user_id: maya.id, nickname: 'mayacreates', name: 'Maya Chen', picture: 'https://img.example/m.png' },
    ]);
    expect((await search(' may ')).body).toEqual(found.body);
  });

  it('matches any part of a nickname or a name, ignoring case', async () => {
    await createUser({ nickname: 'leoplays', name: 'Leo Okafor' });
    await createUser({ nickname: 'inesdraws', name: 'Inès Duarte' });
    expect(nicknames((await search('PLAY')).body)).toEqual(['leoplays']);
    expect(nicknames((await search('LeOpLaYs')).body)).toEqual(['leoplays']);
    expect(nicknames((await search('okaf')).body)).toEqual(['leoplays']);
    expect(nicknames((await search('draw')).body)).toEqual(['inesdraws']);
    expect(nicknames((await search('duarte')).body)).toEqual(['inesdraws']);
    expect(nicknames((await search('s d')).body)).toEqual(['inesdraws']);
    expect((await search('zzz')).body).toEqual([]);
  });

  it('treats % and _ as plain characters', async () => {
    await createUser({ nickname: 'anna_b', name: 'Anna B' });
    await createUser({ nickname: 'annaxb', name: 'Anna X' });
    expect(nicknames((await search('na_')).body)).toEqual(['anna_b']);
    expect((await search('%%%')).body).toEqual([]);
    expect((await search('a%b')).body).toEqual([]);
  });

  it('answers at most 20, ordered by nickname, with only the public fields', async () => {
    for (let i = 24; i >= 0; i--)
      await createUser({ nickname: `fan${String(i).padStart(2, '0')}`, name: 'Fan', email: `fan${i}@example.com` });
    const res = await search('fan');
    expect(res.body).toHaveLength(20);
    expect(nicknames(res.body)).toEqual(Array.from({ length: 20 }, (_, i) => `fan${String(i).padStart(2, '0')}`));
    for (const user of res.body) expect(Object.keys(user).sort()).toEqual(['name', 'nickname', 'picture', 'user_id']);
  });

  it('is the same for visitors and signed-in users', async () => {
    const viewer = await createUser({ nickname: 'watcher' });
    await createUser({ nickname: 'kaib', name: 'Kai Bennett' });
    expect((await search('kaib', viewer)).body).toEqual((await search('kaib')).body);
  });

  it('takes 100 characters and refuses 101', async () => {
    expect(await search('q'.repeat(100))).toMatchObject({ status: 200, body: [] });
    expect(await search('q'.repeat(101))).toMatchObject({
      status: 400,
      body: { error: 'Search text must be 100 characters or fewer.', code: 'bad_request' },
    });
  });
});

describe('GET /api/auth0_user_search/{term}', () => {
  const legacy = (id: string) => call('GET', `/api/auth0_user_search/${id}`);

  it('is the same search with the term in the path', async () => {
    const kai = await createUser({ nickname: 'kaib', name: 'Kai Bennett' });
    expect(await legacy('bennett')).toMatchObject({
      status: 200,
      body: [{ user_id: kai.id, nickname: 'kaib', name: 'Kai Bennett', picture: null }],
    });
    expect(await legacy(encodeURIComponent('Kai B'))).toMatchObject({ status: 200, body: [{ user_id: kai.id }] });
    expect(await legacy('ka')).toEqual(
      expect.objectContaining({ status: 400, body: expect.objectContaining(TOO_SHORT) }),
    );
  });

  it('answers no one, not an error, for a malformed escape', async () => {
    expect(await legacy('%zz%')).toMatchObject({ status: 200, body: [] });
  });
});
