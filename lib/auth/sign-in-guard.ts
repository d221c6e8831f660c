import 'server-only';
import { NextRequest } from 'next/server';
import { clientIp } from '@/lib/http/client-ip';
import { AppError } from '@/lib/http/errors';
import { readBodyText } from '@/lib/http/route';
import { assertNotLimited, clearRateLimit, recordFailure, type RateLimitError } from '@/lib/rate-limit';

// next-auth's own endpoints (/api/auth/*) sit behind this guard (and the API wrapper,
// which holds their writes to this site and to the form encoding next-auth's client
// sends). It refuses what next-auth would fail on with a 500, bounds the body, and counts
// failed sign-ins per account and per address so that guessing passwords stops early.

type Forward = (request: NextRequest) => Promise<Response>;

const MAX_FORM_BYTES = 16 * 1024;
const SIGN_IN_PATH = 'callback/credentials';

function rateLimited(request: NextRequest, error: RateLimitError): Response {
  // `url` keeps next-auth's client (signIn) working: it reads the error code from it.
  return Response.json(
    {
      error: error.message,
      code: error.code,
      retryAfter: error.retryAfter,
      url: new URL('/login?error=RateLimited', request.nextUrl.origin).toString(),
    },
    { status: 429, headers: { 'Retry-After': String(error.retryAfter) } },
  );
}

async function guardSignIn(request: NextRequest, body: string, forward: Forward): Promise<Response> {
  const email = new URLSearchParams(body).get('email')?.trim().toLowerCase() ?? '';
  const account = email.slice(0, 254);
  const ip = clientIp(request.headers);
  try {
    await assertNotLimited('signInIp', ip);
    if (account) await assertNotLimited('signInAccount', account);
  } catch (error) {
    return rateLimited(request, error as RateLimitError);
  }
  const response = await forward(request);
  if (response.status === 401) {
    const [byIp, byAccount] = await Promise.all([
      recordFailure('signInIp', ip),
      account ? recordFailure('signInAccount', account) : null,
    ]);
    const limit = byAccount ?? byIp;
    if (limit) return rateLimited(request, limit);
  } else if (response.ok && account) {
    await clearRateLimit('signInAccount', account);
  }
  return response;
}

/** The answer for an /api/auth/* request; `forward` hands it to next-auth. */
export async function guardAuthRequest(request: NextRequest, action: string[], forward: Forward): Promise<Response> {
  const path = action.join('/');
  if (request.method === 'GET') {
    // Credentials are only ever posted; next-auth fails on a GET of their callback.
    if (path === SIGN_IN_PATH) throw new AppError('method_not_allowed', 'Sign in with the form on the sign-in page.');
    // Its error page is /login; send only a well-formed code along (a raw one can be
    // anything, including bytes a Location header cannot carry).
    if (path === 'error') {
      const code = request.nextUrl.searchParams.get('error') ?? '';
      const safe = /^[A-Za-z]{1,40}$/.test(code) ? code : 'Default';
      return Response.redirect(new URL(`/login?error=${safe}`, request.nextUrl.origin), 302);
    }
    return forward(request);
  }
  if (request.method !== 'POST') throw new AppError('method_not_allowed', 'This method is not allowed here.');
  const body = await readBodyText(request, MAX_FORM_BYTES);
  // next-auth reads the body itself, so it gets a copy of the request with the text read here.
  const copy = new NextRequest(request.url, { method: 'POST', headers: request.headers, body });
  return path === SIGN_IN_PATH ? guardSignIn(copy, body, forward) : forward(copy);
}
