import 'server-only';
import { NextRequest } from 'next/server';
import { clientIp } from '@/lib/http/client-ip';
import { AppError } from '@/lib/http/errors';
import { readBodyText } from '@/lib/http/body';
import { logWarn, scrubText } from '@/lib/log';
import { consumeRateLimit, type RateLimitError } from '@/lib/rate-limit';
import { runSignInAttempt } from './sign-in-attempts';

// next-auth's own endpoints (/api/auth/*) sit behind this guard (and the API wrapper,
// which holds their writes to this site). It hands next-auth only bodies it reads the
// same way as the app: a urlencoded form, each field once, re-encoded here. next-auth
// reads a body as JSON when its content type merely contains "application/json", and
// keeps the last of repeated fields; a guard reading the first would count one account
// while next-auth checks another. Failed sign-ins are counted inside the password check
// (./sign-in-attempts.ts); this guard turns a limit into a 429 that says how long to wait.

type Forward = (request: NextRequest) => Promise<Response>;

const MAX_FORM_BYTES = 16 * 1024;
/** What next-auth's browser client reports: a code and a short message. */
const MAX_CLIENT_LOG_BYTES = 2 * 1024;
const SIGN_IN_PATH = 'callback/credentials';
/** Every provider that is posted a form (./options.ts): a password, a sign-up's link. */
const POSTED_CALLBACKS = new Set([SIGN_IN_PATH, 'callback/sign-up']);
const FORM_TYPE = 'application/x-www-form-urlencoded';
// The form type alone, or with the one charset a browser sends it in.
const EXACT_FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

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

/** The form of a POST, refused unless next-auth would read exactly these fields. */
function readAuthForm(request: Request, body: string): URLSearchParams {
  const type = request.headers.get('content-type') ?? '';
  if (!EXACT_FORM_TYPE.test(type.trim())) {
    throw new AppError('bad_request', 'Send the form as application/x-www-form-urlencoded, with no other parameters.');
  }
  const form = new URLSearchParams(body);
  const names = [...form.keys()];
  if (new Set(names).size !== names.length) throw new AppError('bad_request', 'Send each field of the form once.');
  return form;
}

// next-auth reads its body from this copy: the form as checked, in the one encoding.
function canonicalRequest(request: NextRequest, form: URLSearchParams): NextRequest {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  headers.set('content-type', FORM_TYPE);
  return new NextRequest(request.url, { method: 'POST', headers, body: form.toString() });
}

async function guardSignIn(request: NextRequest, forward: Forward): Promise<Response> {
  const { result, refusal } = await runSignInAttempt(() => forward(request));
  return refusal ? rateLimited(request, refusal) : result;
}

// next-auth's browser client posts its errors here. Anyone can, so a report is small,
// counted per address, and written as a short, scrubbed warning: never at error level,
// never verbatim.
async function recordClientLog(request: NextRequest): Promise<Response> {
  await consumeRateLimit('clientLogIp', clientIp(request.headers));
  const form = readAuthForm(request, await readBodyText(request, MAX_CLIENT_LOG_BYTES));
  const code = form.get('code') ?? '';
  logWarn('next-auth-client', 'next-auth reported an error in the browser', {
    code: /^[A-Z_]{1,60}$/.test(code) ? code : 'UNKNOWN',
    report: scrubText(form.get('message') ?? '').slice(0, 200),
  });
  return Response.json({});
}

/** The answer for an /api/auth/* request; `forward` hands it to next-auth. */
export async function guardAuthRequest(request: NextRequest, action: string[], forward: Forward): Promise<Response> {
  const path = action.join('/');
  if (request.method === 'GET') {
    // Credentials are only ever posted; next-auth fails on a GET of their callback.
    if (POSTED_CALLBACKS.has(path))
      throw new AppError('method_not_allowed', 'Sign in with the form on the sign-in page.');
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
  if (path === '_log') return recordClientLog(request);
  const form = readAuthForm(request, await readBodyText(request, MAX_FORM_BYTES));
  const copy = canonicalRequest(request, form);
  return path === SIGN_IN_PATH ? guardSignIn(copy, forward) : forward(copy);
}
