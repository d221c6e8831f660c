import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as SERVE } from '@/app/uploads/[...path]/route';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useTempUploadsDir } from '../helpers/uploads';
import { createUser } from '../factories';
import { imageForm, jpegBytes, pngBytes, svgBytes } from '../fixtures/images';

useTestDatabase();

const uploads = useTempUploadsDir();

const upload = async (form: FormData, signedIn = true) =>
  call('POST', '/api/uploads/image', { form, as: signedIn ? await createUser() : null });

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
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pngBytes());
  });

  it('accepts a JPEG, and takes the stored type from the bytes rather than the name', async () => {
    expect((await upload(imageForm('image', jpegBytes(), 'photo.jpg', 'image/jpeg'))).body.url).toMatch(/\.jpg$/);
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

  it('takes 10 MB and refuses 11 MB with 413', async () => {
    const atLimit = Buffer.concat([pngBytes(), Buffer.alloc(10 * 1024 * 1024 - pngBytes().length)]);
    expect((await upload(imageForm('image', atLimit, 'big.png', 'image/png'))).status).toBe(201);
    const tooBig = Buffer.concat([pngBytes(), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload(imageForm('image', tooBig, 'huge.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Image must be 10 MB or smaller', code: 'too_large' });
  });

  it("answers 'Please select a file first' without a file, and 401 signed out", async () => {
    const dir = uploads.dir();
    const stored = () => fs.readdirSync(dir).flatMap((d) => fs.readdirSync(path.join(dir, d))).length;
    const before = fs.existsSync(path.join(dir, 'covers')) ? stored() : 0;
    const empty = await upload(new FormData());
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Please select a file first', code: 'bad_request' });
    expect((await upload(imageForm('image', pngBytes(), 'a.png', 'image/png'), false)).status).toBe(401);
    expect(fs.existsSync(path.join(dir, 'covers')) ? stored() : 0).toBe(before);
  });

  it('serves nothing outside the upload folders', async () => {
    const res = await SERVE(new Request('http://localhost/uploads/../x'), {
      params: Promise.resolve({ path: ['..', 'package.json'] }),
    });
    expect(res.status).toBe(404);
  });
});
