import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GET as SERVE } from '@/app/uploads/[...path]/route';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useTempUploadsDir } from '../helpers/uploads';
import { createUser } from '../factories';
import {
  brokenJpegBytes,
  gifDeclaring,
  imageForm,
  jpegBytes,
  pngBytes,
  pngDeclaring,
  svgBytes,
} from '../fixtures/images';

useTestDatabase();

const uploads = useTempUploadsDir();

const upload = async (form: FormData, signedIn = true) =>
  call('POST', '/api/uploads/image', { form, as: signedIn ? await createUser() : null });

const UNREADABLE = {
  error: 'This image could not be read. It may be damaged: please try another file.',
  code: 'bad_request',
};
const TOO_MANY_PIXELS = {
  error: 'Image must be 40 megapixels or smaller (an animation counts all its frames).',
  code: 'bad_request',
};

/** How many files the uploads folder holds. */
const storedCount = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).flatMap((d) => fs.readdirSync(path.join(dir, d))).length : 0;

describe('POST /api/uploads/image', () => {
  it('stores a PNG under a server-made name and serves it back', async () => {
    const res = await upload(imageForm('image', pngBytes(), '../../etc/passwd.png', 'image/png'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/uploads\/covers\/[0-9a-f-]{36}\.png$/) });
    const parts = res.body.url.split('/').slice(2);
    const served = await SERVE(new Request(`http://localhost${res.body.url}`), {
      params: Promise.resolve({ path: parts }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await served.arrayBuffer());
    // Made again from its pixels (uploads-metadata.test.ts): the same picture, not the same bytes.
    expect([...(await sharp(bytes).raw().toBuffer())]).toEqual([112, 71, 249]);
  });

  it('accepts a JPEG, and takes the stored type from the bytes rather than the name', async () => {
    expect((await upload(imageForm('image', await jpegBytes(), 'photo.jpg', 'image/jpeg'))).body.url).toMatch(/\.jpg$/);
    expect((await upload(imageForm('image', pngBytes(), 'photo.jpg', 'image/jpeg'))).body.url).toMatch(/\.png$/);
  });

  it('refuses SVG, by name or type, even with PNG bytes', async () => {
    for (const form of [
      imageForm('image', svgBytes(), 'x.svg', 'image/svg+xml'),
      imageForm('image', pngBytes(), 'renamed.svg', 'image/png'),
      imageForm('image', svgBytes(), 'x.png', 'image/png'),
    ]) {
      const res = await upload(form);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(
        /SVG images are not accepted|Only PNG, JPEG, GIF or WebP images can be uploaded\./,
      );
    }
  });

  it('refuses text that claims to be a PNG', async () => {
    for (const form of [imageForm('image', Buffer.from('just some text'), 'x.png', 'image/png')]) {
      const res = await upload(form);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Only PNG, JPEG, GIF or WebP images can be uploaded.', code: 'bad_request' });
    }
  });

  it('refuses with 400 an image that starts as a JPEG but cannot be decoded, and stores nothing', async () => {
    const before = storedCount(uploads.dir());
    const photo = await jpegBytes();
    for (const bytes of [
      brokenJpegBytes(),
      photo.subarray(0, Math.floor(photo.length * 0.8)),
      Buffer.from([0xff, 0xd8, 0xff]),
    ]) {
      const res = await upload(imageForm('image', bytes, 'photo.jpg', 'image/jpeg'));
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: UNREADABLE });
    }
    expect(storedCount(uploads.dir())).toBe(before);
  });

  it('takes 40 megapixels, and refuses one row more with 400, from its header alone', async () => {
    const atLimit = pngBytes([112, 71, 249], { width: 8000, height: 5000 });
    const stored = await upload(imageForm('image', atLimit, 'wide.png', 'image/png'));
    expect(stored.status).toBe(201);
    const past = await upload(imageForm('image', pngDeclaring(8000, 5001), 'wide.png', 'image/png'));
    expect({ status: past.status, body: past.body }).toEqual({ status: 400, body: TOO_MANY_PIXELS });
  });

  it('refuses at once a small file declaring a huge picture, counting every frame of an animation', async () => {
    const user = await createUser();
    // A first upload loads the route and the decoder, so that only the refusals are timed.
    const first = await call('POST', '/api/uploads/image', {
      form: imageForm('image', pngBytes(), 'a.png', 'image/png'),
      as: user,
    });
    expect(first.status).toBe(201);
    // 400 megapixels in a few hundred bytes; three frames of 16 megapixels, each under the limit alone.
    for (const form of [
      imageForm('image', pngDeclaring(20000, 20000), 'bomb.png', 'image/png'),
      imageForm('image', gifDeclaring(4000, 4000, 3), 'bomb.gif', 'image/gif'),
    ]) {
      const started = performance.now();
      const res = await call('POST', '/api/uploads/image', { form, as: user });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: TOO_MANY_PIXELS });
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('takes 10 MB and refuses 11 MB with 413', async () => {
    const atLimit = Buffer.concat([pngBytes(), Buffer.alloc(10 * 1024 * 1024 - pngBytes().length)]);
    expect((await upload(imageForm('image', atLimit, 'big.png', 'image/png'))).status).toBe(201);
    const tooBig = Buffer.concat([pngBytes(), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload(imageForm('image', tooBig, 'huge.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Image must be 10 MB or smaller', code: 'too_large' });
  });

  it("answers 'Please select a file first' without a file, and 401 signed out", async () => {
    const before = storedCount(uploads.dir());
    const empty = await upload(new FormData());
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Please select a file first', code: 'bad_request' });
    expect((await upload(imageForm('image', pngBytes(), 'a.png', 'image/png'), false)).status).toBe(401);
    expect(storedCount(uploads.dir())).toBe(before);
  });

  it('serves nothing outside the upload folders', async () => {
    const res = await SERVE(new Request('http://localhost/uploads/../x'), {
      params: Promise.resolve({ path: ['..', 'package.json'] }),
    });
    expect(res.status).toBe(404);
  });
});
