import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { GET as SERVE } from '@/app/uploads/[...path]/route';
import { db } from '@/lib/db/client';
import { users } from '@/models';
import { createUser, type TestUser } from '../factories';
import { imageForm, pngBytes, svgBytes } from '../fixtures/images';
import { useTestDatabase } from '../helpers/db';
import { useFakeCloudinary } from '../helpers/fake-cloudinary';
import { call } from '../helpers/http';
import { useKeptLogs } from '../helpers/logs';
import { useTempUploadsDir } from '../helpers/uploads';

// A person's picture and banner are stored files: the one a new picture replaces goes, and a
// deleted account takes both with it, on the local disk and on Cloudinary. What the app did
// not store (a picture from the identity provider, a file kept for something else) stays.
useTestDatabase();
useTempUploadsDir();
const logs = useKeptLogs();

const setPicture = async (as: TestUser, colour: [number, number, number] = [200, 10, 10]) => {
  const res = await call('POST', '/api/account/picture', {
    as,
    form: imageForm('picture', pngBytes(colour), 'p.png', 'image/png'),
  });
  expect(res.status).toBe(200);
  return res.body.picture as string;
};

const setBanner = async (as: TestUser) => {
  const res = await call('POST', '/api/profile/banner', {
    as,
    form: imageForm('banner', pngBytes(), 'b.png', 'image/png'),
  });
  expect(res.status).toBe(200);
  return res.body.bannerUrl as string;
};

const deleteAccount = (as: TestUser) => call('DELETE', '/api/account', { as, json: { confirm: 'DELETE' } });

/** The status the app answers for a file it stored on disk, by its public URL. */
async function servedStatus(url: string): Promise<number> {
  const parts = url.split('/').slice(2);
  const res = await SERVE(new Request(`http://localhost${url}`), { params: Promise.resolve({ path: parts }) });
  return res.status;
}

async function pictureOf(id: string) {
  const [row] = await db().select({ picture: users.picture }).from(users).where(eq(users.id, id));
  return row?.picture;
}

describe('pictures and banners stored on disk', () => {
  it('removes the picture a new one replaces, and the last one when it is removed', async () => {
    const owner = await createUser();
    const first = await setPicture(owner);
    expect(await servedStatus(first)).toBe(200);
    const second = await setPicture(owner, [10, 200, 10]);
    expect(await servedStatus(first)).toBe(404);
    expect(await servedStatus(second)).toBe(200);

    expect((await call('DELETE', '/api/account/picture', { as: owner })).body).toEqual({ picture: null });
    expect(await servedStatus(second)).toBe(404);
  });

  it('removes the banner a new one replaces', async () => {
    const owner = await createUser();
    const first = await setBanner(owner);
    const second = await setBanner(owner);
    expect(await servedStatus(first)).toBe(404);
    expect(await servedStatus(second)).toBe(200);
  });

  it('keeps the picture when its replacement is refused', async () => {
    const owner = await createUser();
    const kept = await setPicture(owner);
    const refused = await call('POST', '/api/account/picture', {
      as: owner,
      form: imageForm('picture', svgBytes(), 'p.svg', 'image/svg+xml'),
    });
    expect(refused.status).toBe(400);
    expect(await pictureOf(owner.id)).toBe(kept);
    expect(await servedStatus(kept)).toBe(200);
  });

  it('takes the picture and the banner with a deleted account', async () => {
    const owner = await createUser();
    const [picture, banner] = [await setPicture(owner), await setBanner(owner)];
    expect((await deleteAccount(owner)).status).toBe(200);
    expect(await servedStatus(picture)).toBe(404);
    expect(await servedStatus(banner)).toBe(404);
  });

  it('never removes what it did not store as the picture', async () => {
    // A cover someone uploaded, named as a picture by an identity provider's claim.
    const cover = await call('POST', '/api/uploads/image', {
      as: await createUser(),
      form: imageForm('image', pngBytes(), 'c.png', 'image/png'),
    });
    expect(cover.status).toBe(201);
    const borrowed = await createUser({ picture: cover.body.url });
    await setPicture(borrowed);
    expect(await servedStatus(cover.body.url)).toBe(200);

    const fromProvider = await createUser({ picture: 'https://lh3.example.com/a/photo.jpg' });
    await setPicture(fromProvider);
    expect((await deleteAccount(borrowed)).status).toBe(200);
    expect(await servedStatus(cover.body.url)).toBe(200);
    expect(logs()).toEqual([]);
  });
});

describe('pictures and banners stored on Cloudinary', () => {
  const cloudinary = useFakeCloudinary();
  const publicIdOf = (url: string) => /\/(envolve\/[a-z]+\/[0-9a-f-]{36})\.[a-z]+$/.exec(url)![1]!;

  it('destroys the picture a new one replaces', async () => {
    const owner = await createUser();
    const first = await setPicture(owner);
    expect(first).toMatch(/^https:\/\/res\.cloudinary\.com\/envolve-test\/image\/upload\//);
    const second = await setPicture(owner);
    expect(cloudinary.destroyed).toEqual([publicIdOf(first)]);
    expect(await pictureOf(owner.id)).toBe(second);
  });

  it('destroys the picture and the banner of a deleted account', async () => {
    const owner = await createUser();
    const [picture, banner] = [await setPicture(owner), await setBanner(owner)];
    const before = cloudinary.destroyed.length;
    expect((await deleteAccount(owner)).status).toBe(200);
    expect(cloudinary.destroyed.slice(before).sort()).toEqual([publicIdOf(picture), publicIdOf(banner)].sort());
  });

  it('leaves an image of another Cloudinary account alone', async () => {
    const elsewhere =
      'https://res.cloudinary.com/someone-else/image/upload/v1/envolve/pictures/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.png';
    const owner = await createUser({ picture: elsewhere });
    const before = cloudinary.destroyed.length;
    await setPicture(owner);
    expect(cloudinary.destroyed.slice(before)).toEqual([]);
  });

  it('answers the change when Cloudinary fails to destroy, logs it and tries again', async () => {
    const owner = await createUser();
    const first = await setPicture(owner);
    cloudinary.failDestroys = 1;
    const before = cloudinary.destroyed.length;
    const second = await setPicture(owner);
    expect(await pictureOf(owner.id)).toBe(second);
    expect(logs().map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 'error', scope: 'storage.remove', url: first, attempt: 1 }),
    ]);
    await vi.waitFor(() => expect(cloudinary.destroyed.slice(before)).toEqual([publicIdOf(first)]), {
      timeout: 10_000,
      interval: 200,
    });
  });
});
