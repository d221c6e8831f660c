import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { getAuthOptions } from '@/lib/auth/options';
import { guardAuthRequest } from '@/lib/auth/sign-in-guard';
import { handleRoute } from '@/lib/api/route';

type Context = { params: Promise<Record<string, string | string[]>> };

// GET, POST /api/auth/*: next-auth's sign-in, callback, session and sign-out endpoints,
// behind the guard that limits sign-in attempts. next-auth's client posts urlencoded
// forms (with its CSRF token); the wrapper still requires them to come from this site.
const handler = handleRoute(
  async (request: NextRequest, context: Context) => {
    const params = await context.params;
    const action = [params.nextauth ?? []].flat();
    return guardAuthRequest(request, action, (forwarded) =>
      NextAuth(forwarded as never, { params: Promise.resolve({ nextauth: action }) } as never, getAuthOptions()),
    );
  },
  { bodyTypes: ['application/x-www-form-urlencoded'] },
);

export { handler as GET, handler as POST };
