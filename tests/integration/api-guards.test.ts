import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as AUTH_GET, POST as AUTH_POST } from '@/app/api/auth/[...nextauth]/route';
import { db } from '@/lib/db/client';
import { MAX_JSON_BYTES } from '@/lib/http/body';
import { envolvements, newsletterSubscribers, purchases } from '@/models';
import { createEnvolvement, createUser } from '../factories';
import { creationBody } from '../factories/envolvement-input';
import { useTestDatabase } from '../helpers/db';
import { call, sessionCookie } from '../helpers/http';

useTestDatabase();

// The site's address is said for every test, whatever another file in this worker left:
// the origin checks below compare against it.
beforeEach(() => {
  vi.stubEnv('NEXTAUTH_URL', 'http://localhost:3000');
});

const create = async (options: { headers?: Record<string, string>; json?: unknown; body?: string }) =>
  call('POST', '/api/post/new-base-envolvement', { as: await createUser(), ...options });

async function countRows() {
  const [e, p, w] = await Promise.all([
    db().select().from(envolvements),
    db().select().from(purchases),
    db().select().from(newsletterSubscribers),
  ]);
  return { envolvements: e.length, purchases: p.length, newsletter: w.length };
}

describe('writes come from this site', () => {
  const refused = { error: 'This request must come from the Envolve site itself.', code: 'forbidden' };

  it('refuses another Origin with the victim’s cookie on create, edit, delete and join, changing nothing', async () => {
    const creator = await createUser();
    const fan = await createUser();
    const envolvement = await createEnvolvement(creator.id, { isActive: true });
    const evil = { origin: 'https://evil.example' };
    const before = await countRows();
    expect(await create({ json: creationBody(), headers: evil })).toMatchObject({ status: 403, body: refused });
    const edit = await call('PUT', `/api/post/${envolvement.id}`, {
      as: creator,
      json: { title: 'Hijacked' },
      headers: evil,
    });
    expect(edit).toMatchObject({ status: 403, body: refused });
    const remove = await call('DELETE', `/api/post/${envolvement.id}`, {
      as: creator,
      headers: evil,
    });
    expect(remove).toMatchObject({ status: 403, body: refused });
    const join = await call('POST', '/api/payment/grant-access', {
      as: fan,
      json: { submissionId: envolvement.id },
      headers: evil,
    });
    expect(join).toMatchObject({ status: 403, body: refused });
    expect(await countRows()).toEqual(before);
    const [row] = await db().select({ title: envolvements.title }).from(envolvements);
    expect(row!.title).toBe(envolvement.title);
  });

  it('refuses a look-alike host, another port, another scheme and the opaque origin "null"', async () => {
    for (const origin of [
      'http://localhost:3000.evil.example',
      'file:///etc/passwd',
      'http://localhost:3001',
      'https://localhost:3000',
      'null',
      'not a url',
    ]) {
      expect((await create({ json: creationBody(), headers: { origin } })).status).toBe(403);
    }
  });

  it('without Origin, refuses a cross-site or same-site Sec-Fetch-Site and accepts same-origin or none', async () => {
    expect((await create({ json: creationBody(), headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await create({ json: creationBody(), headers: { 'sec-fetch-site': 'same-site' } })).status).toBe(403);
    expect((await create({ json: creationBody(), headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await create({ json: creationBody(), headers: { 'sec-fetch-site': 'none' } })).status).toBe(200);
  });

  it('accepts the site’s configured origin only, whatever host the request names', async () => {
    expect((await create({ json: creationBody(), headers: { origin: 'http://localhost:3000' } })).status).toBe(200);
    // The Host and X-Forwarded-* headers are the client's to write.
    for (const headers of <Array<Record<string, string>>>[
      { origin: 'https://app.internal:8443', host: 'app.internal:8443', 'x-forwarded-proto': 'https' },
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { origin: 'http://evil.example', host: 'evil.example' },
    ]) {
      expect(await create({ json: creationBody(), headers })).toMatchObject({
        status: 403,
        body: { error: 'This request must come from the Envolve site itself.', code: 'forbidden' },
      });
    }
    // Only the first, from the site's own origin, made an envolvement.
    expect(await db().select().from(envolvements)).toHaveLength(1);
    // Behind https the session cookie carries the __Secure- prefix.
    vi.stubEnv('NEXTAUTH_URL', 'https://envolve.example');
    const cookie = `__Secure-${await sessionCookie(await createUser())}`;
    const behindProxy = await call('POST', '/api/post/new-base-envolvement', {
      json: creationBody(),
      headers: { cookie, origin: 'https://envolve.example', host: 'node-7:3000' },
    });
    expect(behindProxy.status).toBe(200);
  });

  it('lets reads through from anywhere, and lets Stripe post its signed webhook', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_guard';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_guard';
    try {
      const webhook = await call('POST', '/api/payment/webhook', {
        body: '{}',
        headers: { 'content-type': 'application/json', origin: 'https://stripe.example' },
      });
      expect(webhook).toMatchObject({ status: 400, body: { error: 'Missing Stripe signature' } });
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
    }
  });
});

describe('write bodies are JSON or multipart', () => {
  const unsupported = {
    error: 'Send the request body as application/json (or multipart/form-data for files).',
    code: 'unsupported_media_type',
  };

  it('refuses JSON sent as text/plain or urlencoded, and a body without a type (415), changing nothing', async () => {
    const text = JSON.stringify(creationBody());
    expect(await create({ body: text, headers: { 'content-type': 'text/plain;charset=UTF-8' } })).toMatchObject({
      status: 415,
      body: unsupported,
    });
    expect(
      await create({ body: text, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ).toMatchObject({ status: 415, body: unsupported });
    expect(await create({ body: text })).toMatchObject({ status: 415 });
    const newsletter = await call('POST', '/api/newsletter', {
      body: '{"email":"a@example.com"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(newsletter.status).toBe(415);
    expect(await countRows()).toEqual({ envolvements: 0, purchases: 0, newsletter: 0 });
  });

  it('accepts JSON with a charset, and a write with no body at all', async () => {
    expect(
      (
        await create({
          body: JSON.stringify(creationBody()),
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      ).status,
    ).toBe(200);
    const creator = await createUser();
    const envolvement = await createEnvolvement(creator.id);
    // As the server hands it over: an empty stream, and neither Content-Type nor Content-Length.
    const empty = new ReadableStream({ start: (controller) => controller.close() });
    const bodiless = await call('DELETE', `/api/post/${envolvement.id}`, {
      as: creator,
      body: empty,
    });
    expect(bodiless.status).toBe(200);
  });

  it('refuses a JSON body over 1 MB with 413, whether or not it declares its length', async () => {
    const huge = JSON.stringify(creationBody({ description: 'x'.repeat(MAX_JSON_BYTES) }));
    const declared = await create({
      body: huge,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(huge)) },
    });
    expect(declared).toMatchObject({
      status: 413,
      body: { error: 'The request body is too large.', code: 'too_large' },
    });
    const streamed = await create({ body: huge, headers: { 'content-type': 'application/json' } });
    expect(streamed.status).toBe(413);
    expect(await countRows()).toMatchObject({ envolvements: 0 });
  });
});

describe('security headers on API answers', () => {
  it('sets them on successes and errors alike, with a policy that lets nothing run', async () => {
    for (const res of [
      await create({ json: creationBody() }),
      await create({ json: {} }),
      await call('POST', '/api/post/new-base-envolvement', { json: {} }),
    ]) {
      expect(res.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.response.headers.get('x-frame-options')).toBe('DENY');
      expect(res.response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('asks for HTTPS (HSTS) when the site is served over https', async () => {
    vi.stubEnv('NEXTAUTH_URL', 'https://envolve.example');
    const res = await call('POST', '/api/newsletter', { json: { email: 'a@example.com' } });
    expect(res.response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('next-auth endpoints', () => {
  const nextauth = (parts: string[]) => ({ params: Promise.resolve({ nextauth: parts }) });
  const request = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new NextRequest(new URL(path, 'http://localhost:3000'), { method, headers, body });

  it('answers a GET of the credentials callback with 405 instead of failing', async () => {
    const res = await AUTH_GET(request('GET', '/api/auth/callback/credentials'), nextauth(['callback', 'credentials']));
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({
      error: 'Sign in with the form on the sign-in page.',
      code: 'method_not_allowed',
    });
  });

  it('sends its error page to /login with only a well-formed error code', async () => {
    const nul = await AUTH_GET(request('GET', '/api/auth/error?error=%00'), nextauth(['error']));
    expect(nul.status).toBe(302);
    expect(nul.headers.get('location')).toBe('http://localhost:3000/login?error=Default');
    const known = await AUTH_GET(request('GET', '/api/auth/error?error=CredentialsSignin'), nextauth(['error']));
    expect(known.headers.get('location')).toBe('http://localhost:3000/login?error=CredentialsSignin');
  });

  it('refuses a cross-site sign-in post, and one that is not a urlencoded form', async () => {
    const form = 'email=a%40example.com&password=x&csrfToken=x&json=true';
    const crossSite = await AUTH_POST(
      request(
        'POST',
        '/api/auth/callback/credentials',
        { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        form,
      ),
      nextauth(['callback', 'credentials']),
    );
    expect(crossSite.status).toBe(403);
    const json = await AUTH_POST(
      request('POST', '/api/auth/callback/credentials', { 'content-type': 'application/json' }, '{nope'),
      nextauth(['callback', 'credentials']),
    );
    expect(json.status).toBe(415);
  });
});
