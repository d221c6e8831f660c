import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { POST as BANNER } from '@/app/api/profile/banner/route';
import { POST as UPLOAD } from '@/app/api/uploads/image/route';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { MAX_IMAGE_BYTES } from '@/lib/domain/images';
import { useTestDatabase } from '../helpers/db';
import { call, sessionCookie } from '../helpers/http';
import { useTempUploadsDir } from '../helpers/uploads';
import { createUser, type TestUser } from '../factories';
import { imageForm, pngBytes } from '../fixtures/images';

useTestDatabase();
useTempUploadsDir();

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;
const BOUNDARY = 'envolve-test-boundary-7MA4YWxkTrZu0gW';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

const TOO_LARGE = { error: 'Image must be 10 MB or smaller', code: 'too_large' };
const NOT_MULTIPART = { error: 'The request must be multipart form data.', code: 'bad_request' };

type Body = { stream: ReadableStream<Uint8Array>; produced: () => number; pulls: () => number; peakRss: () => number };

/**
 * A request body made one chunk at a time, only when the reader asks for one (`next`
 * answers null at the end); it counts what it was asked for and the peak memory meanwhile.
 */
function countedBody(next: (offset: number) => Uint8Array | null): Body {
  let produced = 0;
  let pulls = 0;
  let peakRss = process.memoryUsage().rss;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls += 1;
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        const chunk = next(produced);
        if (!chunk) return controller.close();
        produced += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    // Nothing is made before a reader asks for it.
    { highWaterMark: 0 },
  );
  return { stream, produced: () => produced, pulls: () => pulls, peakRss: () => peakRss };
}

/**
 * A multipart body with one file of `fileSize` bytes (a PNG followed by zeros): a 300 MB
 * body costs nothing until it is read. `cutAt` ends it after that many bytes, as a
 * dropped connection would; `chunk` sets the size of the pieces.
 */
function multipartBody(field: string, fileSize: number, options: { cutAt?: number; chunk?: number } = {}): Body {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const png = pngBytes();
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  // A number stands for that many zero bytes.
  const parts: Array<Buffer | number> = [head, png, fileSize - png.length, tail];
  const total = Math.min(head.length + fileSize + tail.length, options.cutAt ?? Infinity);
  return countedBody((start) => {
    if (start >= total) return null;
    const out = Buffer.alloc(Math.min(options.chunk ?? CHUNK, total - start));
    let offset = 0;
    for (const part of parts) {
      const length = typeof part === 'number' ? part : part.length;
      const from = Math.max(start - offset, 0);
      const to = Math.min(start + out.length - offset, length);
      if (from < to && typeof part !== 'number') part.copy(out, offset + from - start, from, to);
      offset += length;
    }
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  });
}

const textBody = (text: string): Body =>
  countedBody((offset) => (offset === 0 ? new TextEncoder().encode(text) : null));

type Handler = typeof UPLOAD;

/** Posts a streamed body as a browser would send a large file: chunked, no Content-Length. */
async function post(
  handler: Handler,
  body: Body,
  options: { as?: TestUser | null; contentType?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(options.headers);
  headers.set('content-type', options.contentType ?? MULTIPART);
  if (options.as) headers.set('cookie', await sessionCookie(options.as));
  // A stream body must be sent as it is made ('half' duplex), so it has no declared length.
  const init: ConstructorParameters<typeof NextRequest>[1] & { duplex: 'half' } = {
    method: 'POST',
    headers,
    body: body.stream,
    duplex: 'half',
  };
  const path = handler === BANNER ? '/api/profile/banner' : '/api/uploads/image';
  const request = new NextRequest(new URL(path, 'http://localhost:3000'), init);
  const response = await handler(request, { params: Promise.resolve({}) });
  return { status: response.status, body: await response.json(), response };
}

/** The status and the whole body of an answer. */
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

describe('image uploads, streamed', () => {
  it('refuses a 300 MB upload with 413 after reading little more than 10 MB, without the memory growing', async () => {
    const user = await createUser();
    const body = multipartBody('image', 300 * MB);
    const before = process.memoryUsage().rss;
    const res = await post(UPLOAD, body, { as: user });
    const after = Math.max(process.memoryUsage().rss, body.peakRss());
    expect(answer(res)).toEqual({ status: 413, body: TOO_LARGE });
    expect(body.produced()).toBeLessThan(MAX_IMAGE_BYTES + 4 * CHUNK);
    expect(after - before).toBeLessThan(30 * MB);
  });

  it('refuses a declared 300 MB body with 413 before reading any of it', async () => {
    const body = multipartBody('image', 300 * MB);
    const res = await post(UPLOAD, body, { as: await createUser(), headers: { 'content-length': String(300 * MB) } });
    expect(answer(res)).toEqual({ status: 413, body: TOO_LARGE });
    expect(body.pulls()).toBe(0);
  });

  it('takes exactly 10 MB and refuses one byte more with 413', async () => {
    const user = await createUser();
    const atLimit = await post(UPLOAD, multipartBody('image', MAX_IMAGE_BYTES), { as: user });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body).toEqual({ url: expect.stringMatching(/^\/uploads\/covers\/[0-9a-f-]{36}\.png$/) });
    const past = await post(UPLOAD, multipartBody('image', MAX_IMAGE_BYTES + 1), { as: user });
    expect(answer(past)).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('stops reading at the first byte past 10 MB', async () => {
    const chunk = 4 * 1024;
    const body = multipartBody('image', MAX_IMAGE_BYTES + 40 * 1024, { chunk });
    expect(answer(await post(UPLOAD, body, { as: await createUser() }))).toEqual({ status: 413, body: TOO_LARGE });
    expect(body.produced()).toBeLessThan(MAX_IMAGE_BYTES + 2 * chunk);
  });

  it('answers 400 to a body that is not a well-formed multipart form', async () => {
    const user = await createUser();
    const wrongBoundary = await post(UPLOAD, multipartBody('image', 1000), {
      as: user,
      contentType: 'multipart/form-data; boundary=other',
    });
    expect(answer(wrongBoundary)).toEqual({ status: 400, body: NOT_MULTIPART });
    const cut = await post(UPLOAD, multipartBody('image', 1000, { cutAt: 300 }), { as: user });
    expect(answer(cut)).toEqual({ status: 400, body: NOT_MULTIPART });
    const noBoundary = await post(UPLOAD, multipartBody('image', 1000), {
      as: user,
      contentType: 'multipart/form-data',
    });
    expect(answer(noBoundary)).toEqual({ status: 400, body: NOT_MULTIPART });
    const badHeader = await post(UPLOAD, textBody(`--${BOUNDARY}\r\nno colon here\r\n\r\nx\r\n--${BOUNDARY}--\r\n`), {
      as: user,
    });
    expect(answer(badHeader)).toEqual({ status: 400, body: NOT_MULTIPART });
    const json = await post(UPLOAD, textBody('{"image":"https://x.dev/a.png"}'), {
      as: user,
      contentType: 'application/json',
    });
    expect(answer(json)).toEqual({ status: 400, body: NOT_MULTIPART });
    const text = await post(UPLOAD, textBody('hello'), { as: user, contentType: 'text/plain' });
    expect(answer(text)).toEqual({
      status: 415,
      body: {
        error: 'Send the request body as application/json (or multipart/form-data for files).',
        code: 'unsupported_media_type',
      },
    });
  });

  it('refuses a visitor with 401 without reading the body', async () => {
    const body = multipartBody('image', 300 * MB);
    const res = await post(UPLOAD, body, { as: null });
    expect(answer(res)).toEqual({
      status: 401,
      body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
    });
    expect(body.pulls()).toBe(0);
  });

  it('limits uploads per user, banners included, before reading the body', async () => {
    const user = await createUser();
    for (let i = 0; i < RATE_LIMITS.upload.points; i++) {
      const form = imageForm('image', pngBytes(), 'a.png', 'image/png');
      expect((await call('POST', '/api/uploads/image', { as: user, form })).status).toBe(201);
    }
    const limited = { error: 'Too many uploads. Please try again in 10 minutes.', code: 'rate_limited' };
    for (const handler of [UPLOAD, BANNER]) {
      const body = multipartBody(handler === UPLOAD ? 'image' : 'banner', 1000);
      const res = await post(handler, body, { as: user });
      expect(res.status).toBe(429);
      expect(res.body).toEqual(limited);
      expect(res.response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThan(RATE_LIMITS.upload.duration - 60);
      expect(body.pulls()).toBe(0);
    }
    const other = await post(UPLOAD, multipartBody('image', 1000), { as: await createUser() });
    expect(other.status).toBe(201);
  });
});

describe('banner uploads, streamed', () => {
  it('stores a streamed banner and refuses a 300 MB one with 413', async () => {
    const user = await createUser();
    const stored = await post(BANNER, multipartBody('banner', 1000), { as: user });
    expect(answer(stored)).toEqual({
      status: 200,
      body: { bannerUrl: expect.stringMatching(/^\/uploads\/banners\/[0-9a-f-]{36}\.png$/) },
    });
    const body = multipartBody('banner', 300 * MB);
    expect(answer(await post(BANNER, body, { as: user }))).toEqual({ status: 413, body: TOO_LARGE });
    expect(body.produced()).toBeLessThan(MAX_IMAGE_BYTES + 4 * CHUNK);
  });

  it('takes a file only from its own field, and reads no more of another one than of its own', async () => {
    const user = await createUser();
    const res = await post(BANNER, multipartBody('image', 1000), { as: user });
    expect(answer(res)).toEqual({ status: 400, body: { error: 'Please select a file first', code: 'bad_request' } });
    const body = multipartBody('image', 300 * MB);
    expect(answer(await post(BANNER, body, { as: user }))).toEqual({ status: 413, body: TOO_LARGE });
    expect(body.produced()).toBeLessThan(MAX_IMAGE_BYTES + 4 * CHUNK);
  });
});
