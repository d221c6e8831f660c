import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { ambassadorApplications } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';

useTestDatabase();

const application = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  handle: '@jordanplays',
  platform: 'Twitch',
  contentTypes: ['Gaming', 'Comedy'],
  platformLink: 'https://twitch.tv/jordanplays',
  ...overrides,
});
const apply = (json: unknown) => call('POST', '/api/ambassador', { json });

describe('POST /api/ambassador', () => {
  it('stores a complete application', async () => {
    expect(await apply(application())).toMatchObject({ status: 201, body: { ok: true } });
    const rows = await db().select().from(ambassadorApplications);
    expect(rows).toMatchObject([{ name: 'Jordan Lee', platform: 'Twitch', contentTypes: ['Gaming', 'Comedy'] }]);
  });

  it('names each bad or missing field', async () => {
    const res = await apply({ platform: 'MySpace', contentTypes: [], platformLink: 'ftp://x' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      handle: 'Handle is required',
      platform: 'Please choose your primary platform',
      contentTypes: 'Please choose at least one content type',
      platformLink: 'Please enter a link that starts with http:// or https://',
    });
    expect((await apply(application({ contentTypes: ['Cooking'] }))).body.fields).toEqual({
      'contentTypes.0': 'Unknown content type',
    });
    expect(await db().select().from(ambassadorApplications)).toHaveLength(0);
  });

  it('holds names and handles to 100 characters and links to 500', async () => {
    expect((await apply(application({ name: 'n'.repeat(100), handle: 'h'.repeat(100) }))).status).toBe(201);
    expect((await apply(application({ name: 'n'.repeat(101) }))).body.fields).toEqual({
      name: 'Name must be 100 characters or fewer',
    });
    expect((await apply(application({ handle: 'h'.repeat(101) }))).body.fields).toEqual({
      handle: 'Handle must be 100 characters or fewer',
    });
    const link = `https://example.com/${'x'.repeat(480)}`;
    expect((await apply(application({ platformLink: link }))).status).toBe(201);
    expect((await apply(application({ platformLink: `${link}${'x'.repeat(20)}` }))).body.fields).toEqual({
      platformLink: 'Platform link must be 500 characters or fewer',
    });
  });
});
