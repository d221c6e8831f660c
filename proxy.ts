import { NextResponse } from 'next/server';

// Security headers for every page and API answer. Access decisions are made in lib/,
// never here.
export function proxy() {
  const response = NextResponse.next();
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.set('X-Frame-Options', 'DENY');
  response.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  response.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")');
  return response;
}

export const config = {
  // Uploads skip the proxy: it buffers at most 10 MB of a body, and the upload handlers
  // must see the whole file to answer 413 for one that is too large.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|api/uploads|api/profile/banner).*)'],
};
