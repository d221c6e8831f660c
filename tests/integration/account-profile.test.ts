import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { BIO_MAX, LINKS_MAX } from '@/lib/domain/accounts';
import { getProfileCard } from '@/lib/seo/og';
import { HANDLE_TAKEN } from '@/lib/validation/profile';
import { users } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { whileUpdating } from '../helpers/interleave';
import { useTempUploadsDir } from '../helpers/uploads';
import { createUser, type TestUser } from '../factories';
import { animatedGif, imageForm, phoneJpeg, pngBytes, svgBytes } from '../fixtures/images';

useTestDatabase();
const uploads = useTempUploadsDir();

const UNAUTHORIZED = { error: 'You must be signed in to do this.', code: 'unauthorized' };
const TAKEN = { error: HANDLE_TAKEN, code: 'conflict', fields: { handle: HANDLE_TAKEN } };

/** The bytes of a file the local disk driver stored, by its public URL. */
const readStoredFile = (dir: string, url: string) => fs.readFileSync(path.join(dir, url.replace(/^\/uploads\//, '')));

const patch = (as: TestUser | null, json: unknown) => call('PATCH', '/api/account/profile', { as, json });

/** The whole answer of a refused field: its message as `error`, and under its name. */
const refused = (field: string, message: string) => ({
  status: 400,
  body: { error: message, code: 'bad_request', fields: { [field]: message } },
});

async function rowOf(id: string) {
  const [row] = await db()
    .select({
      name: users.name,
      nickname: users.nickname,
      handleChosen: users.handleChosen,
      picture: users.picture,
      bio: users.bio,
      links: users.links,
    })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

/** A user whose handle the site gave them, as the accounts migration left it. */
async function createAssigned(overrides: Partial<TestUser> = {}) {
  const user = await createUser(overrides);
  await db().update(users).set({ handleChosen: false }).where(eq(users.id, user.id));
  return user;
}

describe('PATCH /api/account/profile', () => {
  it('saves name, handle, bio and links and answers the whole profile', async () => {
    const maya = await createAssigned({ name: 'Maya Chen', nickname: 'maya_4821' });
    const res = await patch(maya, {
      name: '  Maya Lin ',
      handle: '@Maya_Lin',
      bio: 'Painter.\r\nStreams on Fridays.\n',
      links: ['https://www.github.com/maya', 'https://maya.art/', 'https://www.github.com/maya'],
    });
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      name: 'Maya Lin',
      handle: 'Maya_Lin',
      handleChosen: true,
      picture: null,
      bio: 'Painter.\nStreams on Fridays.',
      links: ['https://www.github.com/maya', 'https://maya.art/'],
    });
    expect(await rowOf(maya.id)).toEqual({
      name: 'Maya Lin',
      nickname: 'Maya_Lin',
      handleChosen: true,
      picture: null,
      bio: 'Painter.\nStreams on Fridays.',
      links: ['https://www.github.com/maya', 'https://maya.art/'],
    });
  });

  it('changes only the fields it names; an empty bio and no links clear them', async () => {
    const user = await createAssigned({ name: 'Ines Duarte', nickname: 'ines_1234' });
    await patch(user, { bio: 'Hello', links: ['https://ines.example'] });
    const res = await patch(user, { bio: '   ', links: [] });
    expect(res.body).toEqual({
      name: 'Ines Duarte',
      handle: 'ines_1234',
      // Saving other fields keeps the notice: only a new handle, or "Keep it", ends it.
      handleChosen: false,
      picture: null,
      bio: null,
      links: [],
    });
    expect(await patch(user, {})).toMatchObject({ status: 200, body: res.body });
  });

  it('counts a change of case as a chosen handle', async () => {
    const user = await createAssigned({ nickname: 'leo_0001' });
    const res = await patch(user, { handle: 'Leo_0001' });
    expect(res.body).toMatchObject({ handle: 'Leo_0001', handleChosen: true });
  });

  it('refuses a handle another live account holds, whatever its case, with the field error', async () => {
    await createUser({ nickname: 'Taken_Name' });
    const user = await createUser({ nickname: 'free_one' });
    expect(await patch(user, { handle: 'taken_name' })).toMatchObject({ status: 409, body: TAKEN });
    expect(await patch(user, { handle: 'TAKEN_NAME', bio: 'not saved either' })).toMatchObject({
      status: 409,
      body: TAKEN,
    });
    expect(await rowOf(user.id)).toMatchObject({ nickname: 'free_one', bio: null });
  });

  it('lets a handle of a deleted account be taken again', async () => {
    const gone = await createUser({ nickname: 'phoenix' });
    await db().update(users).set({ deletedAt: new Date(), nickname: 'phoenix' }).where(eq(users.id, gone.id));
    const user = await createUser();
    expect(await patch(user, { handle: 'Phoenix' })).toMatchObject({ status: 200, body: { handle: 'Phoenix' } });
  });

  it('answers 409, never 500, when another account takes the handle between the read and the write', async () => {
    const user = await createUser({ nickname: 'first_try' });
    const rival = await createUser({ nickname: 'rival_one' });
    // The instant before this update, the rival's own update takes the handle.
    const res = await whileUpdating(
      'users',
      `if new.id = '${user.id}' then update users set nickname = 'contested' where id = '${rival.id}'; end if; return new;`,
      () => patch(user, { handle: 'contested' }),
    );
    expect(res).toMatchObject({ status: 409, body: TAKEN });
    // The rival's update ran inside the refused statement, so it went back with it.
    expect((await rowOf(user.id)).nickname).toBe('first_try');
  });

  // Meaningful on the PostgreSQL server (TEST_DATABASE_URL), where the updates run at once
  // and all but one wait on the unique index; PGlite runs them one after another.
  it('gives a handle asked for by several people at once to exactly one of them', async () => {
    const askers = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const answers = await Promise.all(askers.map((user) => patch(user, { handle: 'Popular' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(7).fill(409)]);
    for (const refusal of answers.filter((a) => a.status === 409)) expect(refusal.body).toEqual(TAKEN);
    const holders = await db().select({ id: users.id }).from(users).where(eq(users.nickname, 'Popular'));
    expect(holders).toHaveLength(1);
  });

  it('takes a name of 80 characters and refuses 81, an empty one and an e-mail address', async () => {
    const user = await createUser();
    expect(await patch(user, { name: 'n'.repeat(80) })).toMatchObject({ status: 200, body: { name: 'n'.repeat(80) } });
    expect(await patch(user, { name: 'n'.repeat(81) })).toMatchObject(
      refused('name', 'Name must be 80 characters or fewer'),
    );
    expect(await patch(user, { name: '   ' })).toMatchObject(refused('name', 'Name is required'));
    expect(await patch(user, { name: 'Maya maya@example.com' })).toMatchObject(
      refused('name', 'Your name is public: please use a name, not an e-mail address.'),
    );
    expect(await patch(user, { name: 'Tab\there' })).toMatchObject(
      refused('name', 'Name contains characters that are not allowed.'),
    );
  });

  it('holds handles to 3 to 30 letters, digits and underscores, and refuses reserved ones', async () => {
    const user = await createUser();
    expect(await patch(user, { handle: 'abc' })).toMatchObject({ status: 200, body: { handle: 'abc' } });
    expect(await patch(user, { handle: 'h'.repeat(30) })).toMatchObject({ status: 200 });
    expect(await patch(user, { handle: 'ab' })).toMatchObject(
      refused('handle', 'Handle must be at least 3 characters'),
    );
    expect(await patch(user, { handle: 'h'.repeat(31) })).toMatchObject(
      refused('handle', 'Handle must be 30 characters or fewer'),
    );
    expect(await patch(user, { handle: 'maya.chen' })).toMatchObject(
      refused('handle', 'Use only letters, digits and underscores'),
    );
    expect(await patch(user, { handle: 'Admin' })).toMatchObject(
      refused('handle', 'That handle is reserved. Please choose another.'),
    );
    expect(await patch(user, { handle: '' })).toMatchObject(refused('handle', 'Handle is required'));
    expect((await rowOf(user.id)).nickname).toBe('h'.repeat(30));
  });

  it(`takes a bio of ${BIO_MAX} characters, line breaks kept, and refuses one more`, async () => {
    const user = await createUser();
    const full = `${'b'.repeat(BIO_MAX - 2)}\r\nb`;
    expect(await patch(user, { bio: full })).toMatchObject({
      status: 200,
      body: { bio: `${'b'.repeat(BIO_MAX - 2)}\nb` },
    });
    expect(await patch(user, { bio: 'b'.repeat(BIO_MAX + 1) })).toMatchObject(
      refused('bio', `Bio must be ${BIO_MAX} characters or fewer`),
    );
    expect(await patch(user, { bio: 'bell\u0007' })).toMatchObject(
      refused('bio', 'Bio contains characters that are not allowed.'),
    );
    expect(await patch(user, { bio: 42 })).toMatchObject(refused('bio', 'Bio must be text'));
  });

  it(`takes ${LINKS_MAX} https links and refuses a sixth, http, other schemes and credentials`, async () => {
    const user = await createUser();
    const links = Array.from({ length: LINKS_MAX }, (_, i) => `https://site${i}.example/me`);
    expect(await patch(user, { links })).toMatchObject({ status: 200, body: { links } });
    expect(await patch(user, { links: [...links, 'https://six.example'] })).toMatchObject(
      refused('links', `Add at most ${LINKS_MAX} links`),
    );
    for (const link of [
      'http://maya.example',
      'javascript:alert(1)',
      'ftp://maya.example',
      'maya.example',
      'https://user:secret@maya.example',
      'https://localhost',
    ]) {
      expect(await patch(user, { links: ['https://ok.example', link] })).toMatchObject(
        refused('links.1', 'Links must start with https://'),
      );
    }
    // The URL parser would drop a control character at either end; the database refuses a NUL.
    for (const link of [
      'https://maya.example/me\u0000',
      '\u0007https://maya.example',
      'https://maya.example/\u001fme',
    ]) {
      expect(await patch(user, { links: [link] })).toMatchObject(
        refused('links.0', 'Links contains characters that are not allowed.'),
      );
    }
    expect(await patch(user, { links: [`https://maya.example/${'x'.repeat(300)}`] })).toMatchObject(
      refused('links.0', 'Links must be 300 characters or fewer'),
    );
    expect(await patch(user, { links: 'https://maya.example' })).toMatchObject(
      refused('links', 'Links must be a list of addresses'),
    );
    expect((await rowOf(user.id)).links).toEqual(links);
  });

  it('is a 401 without a session, whatever the body', async () => {
    const user = await createUser();
    expect(await patch(null, { name: 'Hijack', userId: user.id })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await patch(null, { name: 'n'.repeat(200) })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect((await rowOf(user.id)).name).toBe(user.name);
  });

  it("changes only the signed-in user's own profile: an id in the body is ignored", async () => {
    const victim = await createUser({ name: 'Victim', nickname: 'victim_1' });
    const attacker = await createUser({ name: 'Attacker', nickname: 'attacker_1' });
    const res = await patch(attacker, { id: victim.id, userId: victim.id, user_id: victim.id, name: 'Changed' });
    expect(res).toMatchObject({ status: 200, body: { name: 'Changed', handle: 'attacker_1' } });
    expect(await rowOf(victim.id)).toMatchObject({ name: 'Victim', nickname: 'victim_1' });
    expect((await rowOf(attacker.id)).name).toBe('Changed');
  });

  it('is a 401 for a session whose account was deleted', async () => {
    const gone = await createUser();
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect(await patch(gone, { name: 'Back' })).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('is rate-limited per user after 30 changes in 10 minutes', async () => {
    const user = await createUser();
    for (let i = 0; i < 30; i += 1) expect((await patch(user, { bio: `try ${i}` })).status).toBe(200);
    const limited = await patch(user, { bio: 'one more' });
    expect(limited).toMatchObject({
      status: 429,
      body: { error: 'Too many profile changes. Please try again in 10 minutes.', code: 'rate_limited' },
    });
    // Another user is not held back.
    expect((await patch(await createUser(), { bio: 'fine' })).status).toBe(200);
  });
});

describe('GET /api/account/profile', () => {
  it("answers the signed-in user's settings, and 401 without a session", async () => {
    const user = await createUser({ name: 'Sam Rivera', nickname: 'samjoins' });
    expect(await call('GET', '/api/account/profile', { as: user })).toMatchObject({
      status: 200,
      body: { name: 'Sam Rivera', handle: 'samjoins', handleChosen: true, picture: null, bio: null, links: [] },
    });
    expect(await call('GET', '/api/account/profile')).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });
});

describe('POST and DELETE /api/account/picture', () => {
  const upload = (as: TestUser | null, form: FormData) => call('POST', '/api/account/picture', { as, form });
  const PICTURE_URL = /^\/uploads\/pictures\/[0-9a-f-]{36}\.(jpg|png)$/;

  it('stores a centred 512×512 square without metadata, as the owner’s picture and nobody else’s', async () => {
    const owner = await createUser();
    const other = await createUser();
    // A wide photo: blue left third, red middle, green right third; with EXIF naming a place.
    const photo = await sharp({
      create: { width: 1500, height: 500, channels: 3, background: { r: 255, g: 0, b: 0 } },
    })
      .composite([
        { input: { create: { width: 500, height: 500, channels: 3, background: '#0000ff' } }, left: 0, top: 0 },
        { input: { create: { width: 500, height: 500, channels: 3, background: '#00ff00' } }, left: 1000, top: 0 },
      ])
      .withExif({ IFD0: { Artist: 'Maya at home', Copyright: 'Secret Street 5' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(owner, imageForm('picture', photo, 'me.jpg', 'image/jpeg'));
    expect(res).toMatchObject({ status: 200, body: { picture: expect.stringMatching(PICTURE_URL) } });
    expect((await rowOf(owner.id)).picture).toBe(res.body.picture);
    expect((await rowOf(other.id)).picture).toBeNull();

    const stored = readStoredFile(uploads.dir(), res.body.picture);
    const meta = await sharp(stored).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
      width: 512,
      height: 512,
      format: 'jpeg',
    });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Street'))).toBe(false);
    // The middle third (red) is what is kept.
    const { dominant } = await sharp(stored).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g + dominant.b).toBeLessThan(60);
  });

  it('turns a sideways phone photo upright, then drops its camera, owner and place', async () => {
    const owner = await createUser();
    const res = await upload(owner, imageForm('picture', await phoneJpeg(), 'phone.jpg', 'image/jpeg'));
    const stored = readStoredFile(uploads.dir(), res.body.picture);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    for (const field of ['orientation', 'exif', 'xmp', 'iptc', 'icc'] as const) expect(meta[field]).toBeUndefined();
    for (const text of ['Exif\0\0', 'PhoneMaker', 'Maya Creates']) expect(stored.includes(text)).toBe(false);
    // Upright the photo is red above blue; its middle square keeps both, red on top.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const colourAt = (x: number, y: number) =>
      [...data.subarray((y * info.width + x) * 3, (y * info.width + x + 1) * 3)].map((v) => Math.round(v / 255));
    expect(colourAt(256, 100)).toEqual([1, 0, 0]);
    expect(colourAt(256, 412)).toEqual([0, 0, 1]);
  });

  it('keeps the first frame of an animation', async () => {
    const owner = await createUser();
    const gif = await animatedGif(['#00ff00', '#ff0000'], [100, 100]);
    const res = await upload(owner, imageForm('picture', gif, 'a.gif', 'image/gif'));
    expect(res.body.picture).toMatch(PICTURE_URL);
    const meta = await sharp(readStoredFile(uploads.dir(), res.body.picture)).metadata();
    expect({ width: meta.width, height: meta.height, pages: meta.pages ?? 1 }).toEqual({
      width: 512,
      height: 512,
      pages: 1,
    });
    const { dominant } = await sharp(readStoredFile(uploads.dir(), res.body.picture)).stats();
    expect(dominant.g).toBeGreaterThan(200);
  });

  it('is drawn on the profile’s share card, read from where it was stored', async () => {
    const owner = await createUser({ id: `local|card-${Date.now()}` });
    const res = await upload(
      owner,
      imageForm('picture', pngBytes([200, 10, 10], { width: 8, height: 8 }), 'a.png', 'image/png'),
    );
    const card = await getProfileCard(owner.id);
    const stored = readStoredFile(uploads.dir(), res.body.picture);
    expect(card?.picture).toBe(`data:image/jpeg;base64,${stored.toString('base64')}`);
  });

  it('keeps transparency as a PNG, and replaces an earlier picture', async () => {
    const owner = await createUser();
    const first = await upload(owner, imageForm('picture', pngBytes(), 'a.png', 'image/png'));
    const clear = await sharp({
      create: { width: 40, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const second = await upload(owner, imageForm('picture', clear, 'b.png', 'image/png'));
    expect(second.body.picture).toMatch(/\.png$/);
    expect(second.body.picture).not.toBe(first.body.picture);
    expect((await rowOf(owner.id)).picture).toBe(second.body.picture);
    const meta = await sharp(readStoredFile(uploads.dir(), second.body.picture)).metadata();
    expect({ width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({
      width: 512,
      height: 512,
      hasAlpha: true,
    });
  });

  it('refuses what is not an image, an SVG, no file, the wrong field and JSON, keeping the picture', async () => {
    const owner = await createUser({ picture: '/uploads/pictures/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.png' });
    expect(await upload(owner, imageForm('picture', Buffer.from('hello'), 'a.png', 'image/png'))).toMatchObject({
      status: 400,
      body: { error: 'Only PNG, JPEG, GIF or WebP images can be uploaded.', code: 'bad_request' },
    });
    expect(await upload(owner, imageForm('picture', svgBytes(), 'a.svg', 'image/svg+xml'))).toMatchObject({
      status: 400,
      body: {
        error: 'SVG images are not accepted. Please upload a PNG, JPEG, GIF or WebP image.',
        code: 'bad_request',
      },
    });
    const none = { status: 400, body: { error: 'Please select a file first', code: 'bad_request' } };
    expect(await upload(owner, new FormData())).toMatchObject(none);
    expect(await upload(owner, imageForm('banner', pngBytes(), 'a.png', 'image/png'))).toMatchObject(none);
    expect(
      await call('POST', '/api/account/picture', { as: owner, json: { picture: 'https://evil.example/a.png' } }),
    ).toMatchObject({ status: 400, body: { error: 'The request must be multipart form data.', code: 'bad_request' } });
    expect((await rowOf(owner.id)).picture).toBe(owner.picture);
  });

  it('takes an image of exactly 10 MB and refuses one byte more with 413', async () => {
    const owner = await createUser();
    // A real picture padded with bytes after its end, which the decoder ignores.
    const padded = (size: number) => {
      const png = pngBytes([9, 9, 9], { width: 4, height: 4 });
      return Buffer.concat([png, Buffer.alloc(size - png.length)]);
    };
    const atLimit = await upload(owner, imageForm('picture', padded(10 * 1024 * 1024), 'big.png', 'image/png'));
    expect(atLimit).toMatchObject({ status: 200, body: { picture: expect.stringMatching(PICTURE_URL) } });
    const past = await upload(owner, imageForm('picture', padded(10 * 1024 * 1024 + 1), 'huge.png', 'image/png'));
    expect(past).toMatchObject({ status: 413, body: { error: 'Image must be 10 MB or smaller', code: 'too_large' } });
    expect((await rowOf(owner.id)).picture).toBe(atLimit.body.picture);
  });

  it('removes the picture of the signed-in user only', async () => {
    const owner = await createUser({ picture: '/uploads/pictures/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.png' });
    const other = await createUser({ picture: '/uploads/pictures/5b1d5d54-7f4d-4b6a-8b66-2e3b2a5c2d22.png' });
    expect(await call('DELETE', '/api/account/picture', { as: owner, json: { userId: other.id } })).toMatchObject({
      status: 200,
      body: { picture: null },
    });
    expect((await rowOf(owner.id)).picture).toBeNull();
    expect((await rowOf(other.id)).picture).toBe(other.picture);
  });

  it('is a 401 without a session, for upload and removal', async () => {
    const user = await createUser({ picture: '/uploads/pictures/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.png' });
    expect(await upload(null, imageForm('picture', pngBytes(), 'a.png', 'image/png'))).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    expect(await call('DELETE', '/api/account/picture')).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect((await rowOf(user.id)).picture).toBe(user.picture);
  });
});

/** The handle /api/me tells the shell to mention, if any. */
const noticeOf = async (user: TestUser) =>
  ((await call('GET', '/api/me', { as: user })).body as { viewer: { notices: { handle: string | null } } }).viewer
    .notices.handle;

describe('the handle notice', () => {
  it('names the given handle until the owner keeps it, then nothing', async () => {
    const user = await createAssigned({ nickname: 'sam_2048' });
    expect(await noticeOf(user)).toBe('sam_2048');
    expect(await call('DELETE', '/api/account/handle-notice', { as: user })).toMatchObject({
      status: 200,
      body: { handle: null },
    });
    expect(await rowOf(user.id)).toMatchObject({ nickname: 'sam_2048', handleChosen: true });
    expect(await noticeOf(user)).toBeNull();
  });

  it('ends when the owner picks a new handle', async () => {
    const user = await createAssigned({ nickname: 'kai_7777' });
    await patch(user, { handle: 'kai_b' });
    expect(await noticeOf(user)).toBeNull();
  });

  it('says nothing to someone who chose their handle, keeps only the caller’s, and needs a session', async () => {
    const chose = await createUser();
    expect(await noticeOf(chose)).toBeNull();
    const given = await createAssigned();
    const other = await createUser();
    await call('DELETE', '/api/account/handle-notice', { as: other, json: { userId: given.id } });
    expect((await rowOf(given.id)).handleChosen).toBe(false);
    expect(await call('DELETE', '/api/account/handle-notice')).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect((await rowOf(given.id)).handleChosen).toBe(false);
  });
});
