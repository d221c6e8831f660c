import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { MAX_IMAGE_BYTES } from '@/lib/domain/images';
import { users } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useTempUploadsDir } from '../helpers/uploads';
import { createEnvolvement, createPurchase, createUser } from '../factories';
import { imageForm, pngBytes, svgBytes } from '../fixtures/images';

useTestDatabase();

useTempUploadsDir();

const NO_USER = { error: 'User not found', code: 'not_found' };

/** A PNG padded to exactly `size` bytes: the type is told by its first bytes. */
const pngOfSize = (size: number) => Buffer.concat([pngBytes(), Buffer.alloc(size - pngBytes().length)]);

async function bannerOf(id: string) {
  const [row] = await db().select({ bannerUrl: users.bannerUrl }).from(users).where(eq(users.id, id));
  return row!.bannerUrl;
}

describe('GET /api/user_profile_info/{id}', () => {
  it('answers the profile by whole id or by the part after the bar; the e-mail only to its owner', async () => {
    const maya = await createUser({
      id: 'local|maya-1',
      nickname: 'mayacreates',
      name: 'Maya Chen',
      email: 'maya@example.com',
      picture: 'https://img.example/m.png',
    });
    const other = await createUser();
    const publicInfo = {
      user_id: 'local|maya-1',
      name: 'Maya Chen',
      nickname: 'mayacreates',
      picture: 'https://img.example/m.png',
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      identities: [{ user_id: 'maya-1' }],
      user_metadata: { banner_url: null },
    };
    const own = await call('GET', `/api/user_profile_info/maya-1`, { as: maya });
    expect(own).toMatchObject({ status: 200 });
    expect(own.body).toEqual({ ...publicInfo, email: 'maya@example.com' });
    for (const as of [other, null]) {
      for (const id of ['maya-1', 'local|maya-1', encodeURIComponent('local|maya-1')]) {
        const seen = await call('GET', `/api/user_profile_info/${id}`, { as });
        expect(seen.status).toBe(200);
        expect(seen.body).toEqual(publicInfo);
      }
    }
  });

  it('shows the banner once one is set', async () => {
    const maya = await createUser({ id: 'local|maya-2' });
    const uploaded = await call('POST', '/api/profile/banner', {
      as: maya,
      form: imageForm('banner', pngBytes(), 'b.png', 'image/png'),
    });
    const info = await call('GET', `/api/user_profile_info/maya-2`);
    expect(info.body.user_metadata).toEqual({ banner_url: uploaded.body.bannerUrl });
  });

  it('is a 404 for unknown, empty, malformed and overlong ids', async () => {
    await createUser({ id: 'local|maya-3' });
    for (const id of ['nobody', 'other|maya-3', '%', '%E0%A4%A', 'x'.repeat(301)]) {
      expect(await call('GET', `/api/user_profile_info/${id}`)).toMatchObject({ status: 404, body: NO_USER });
    }
    // No id at all is no route: Next's own 404.
    expect((await call('GET', '/api/user_profile_info/')).status).toBe(404);
  });
});

describe('GET /api/profile/{userId}', () => {
  it("lists a user's envolvements newest first, by whole id or the part after the bar", async () => {
    const creator = await createUser({ id: 'local|creator-9', name: 'Mia Maker', nickname: 'maker', picture: null });
    const old = await createEnvolvement(creator.id, { title: 'Old', createdAt: new Date(Date.now() - 10_000) });
    await createEnvolvement(creator.id, { title: 'New' });
    await createEnvolvement((await createUser()).id, { title: 'Someone else' });
    const res = await call('GET', `/api/profile/creator-9`);
    expect(res.status).toBe(200);
    expect(res.body.map((e: { title: string }) => e.title)).toEqual(['New', 'Old']);
    // A card: what a list shows, without the description, settings or updates.
    expect(res.body[1]).toEqual({
      _id: old.id,
      title: 'Old',
      previewText: old.previewText,
      imgUrl: '',
      username: 'maker',
      creatorName: 'Mia Maker',
      userPicture: null,
      userID: 'local|creator-9',
      categories: ['Gaming'],
      priceCents: 0,
      currency: 'usd',
      endDate: { endDate: null, none: true },
      quantity: { quantity: 0, unlimited: true, currentEnvolves: 0 },
      active: true,
      removed: false,
      membership: null,
      purchasedBy: [],
    });
    expect((await call('GET', `/api/profile/local|creator-9`)).body).toHaveLength(2);
    expect((await call('GET', `/api/profile/${encodeURIComponent('local|creator-9')}`)).body).toHaveLength(2);
  });

  it('shows buyers to the creator only; a buyer sees their own id; anyone else none', async () => {
    const creator = await createUser({ id: 'local|creator-10' });
    const buyer = await createUser();
    const buyer2 = await createUser();
    const stranger = await createUser();
    const otherCreator = await createUser();
    await createEnvolvement(otherCreator.id);
    const row = await createEnvolvement(creator.id);
    await createPurchase(row.id, buyer.id);
    await createPurchase(row.id, buyer2.id);
    const buyersSeenBy = async (as: typeof buyer | null) => {
      const res = await call('GET', `/api/profile/creator-10`, { as });
      expect(res.status).toBe(200);
      return res.body[0].purchasedBy;
    };
    expect(await buyersSeenBy(creator)).toEqual([buyer.id, buyer2.id]);
    expect(await buyersSeenBy(buyer)).toEqual([buyer.id]);
    expect(await buyersSeenBy(stranger)).toEqual([]);
    expect(await buyersSeenBy(otherCreator)).toEqual([]);
    expect(await buyersSeenBy(null)).toEqual([]);
  });

  it('answers [] for a user with nothing, and 404 for an unknown or malformed id', async () => {
    await createUser({ id: 'local|quiet-1' });
    expect(await call('GET', `/api/profile/quiet-1`)).toMatchObject({
      status: 200,
      body: [],
    });
    expect((await call('GET', '/api/profile/')).status).toBe(404);
    for (const userId of ['ghost', '%']) {
      expect(await call('GET', `/api/profile/${userId}`)).toMatchObject({
        status: 404,
        body: NO_USER,
      });
    }
  });
});

describe('POST /api/profile/banner', () => {
  const upload = (as: Awaited<ReturnType<typeof createUser>> | null, form: FormData) =>
    call('POST', '/api/profile/banner', { as, form });

  it("replaces the signed-in user's own banner and nobody else's", async () => {
    const owner = await createUser();
    const other = await createUser();
    const res = await upload(owner, imageForm('banner', pngBytes(), 'b.png', 'image/png'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bannerUrl: expect.stringMatching(/^\/uploads\/banners\/[0-9a-f-]{36}\.png$/) });
    expect(await bannerOf(owner.id)).toBe(res.body.bannerUrl);
    expect(await bannerOf(other.id)).toBeNull();
    const again = await upload(owner, imageForm('banner', pngBytes([0, 0, 0]), 'c.png', 'image/png'));
    expect(again.body.bannerUrl).not.toBe(res.body.bannerUrl);
    expect(await bannerOf(owner.id)).toBe(again.body.bannerUrl);
  });

  it('takes exactly 10 MB and refuses one byte more with 413', async () => {
    const owner = await createUser();
    expect((await upload(owner, imageForm('banner', pngOfSize(MAX_IMAGE_BYTES), 'big.png', 'image/png'))).status).toBe(
      200,
    );
    const tooBig = await upload(owner, imageForm('banner', pngOfSize(MAX_IMAGE_BYTES + 1), 'huge.png', 'image/png'));
    expect(tooBig).toMatchObject({ status: 413, body: { error: 'Image must be 10 MB or smaller', code: 'too_large' } });
  });

  it('refuses a file that is not an image, an SVG, no file, the wrong field and a visitor', async () => {
    const owner = await createUser();
    expect((await upload(owner, imageForm('banner', Buffer.from('hello'), 'b.png', 'image/png'))).body).toEqual({
      error: 'Only PNG, JPEG, GIF or WebP images can be uploaded.',
      code: 'bad_request',
    });
    expect(await upload(owner, imageForm('banner', svgBytes(), 'b.svg', 'image/svg+xml'))).toMatchObject({
      status: 400,
    });
    const none = { status: 400, body: { error: 'Please select a file first', code: 'bad_request' } };
    expect(await upload(owner, new FormData())).toMatchObject(none);
    expect(await upload(owner, imageForm('image', pngBytes(), 'b.png', 'image/png'))).toMatchObject(none);
    const notMultipart = await call('POST', '/api/profile/banner', {
      as: owner,
      json: { banner: 'https://x.dev/a.png' },
    });
    expect(notMultipart).toMatchObject({ status: 400, body: { error: 'The request must be multipart form data.' } });
    expect(await upload(null, imageForm('banner', pngBytes(), 'b.png', 'image/png'))).toMatchObject({
      status: 401,
      body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
    });
    expect(await bannerOf(owner.id)).toBeNull();
  });
});
