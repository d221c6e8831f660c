import { siteUrl } from '@/lib/site';

// The headers every answer carries, pages and API alike. The proxy adds them to pages
// (with the page policy below); the API wrapper adds them to its own answers, uploads
// included, which the proxy does not see.

function isHttpsSite(): boolean {
  return siteUrl().startsWith('https://');
}

export function baseSecurityHeaders(): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
    // Only a site served over https may ask browsers to insist on it.
    ...(isHttpsSite() ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/** API answers are data, never documents: nothing may run, load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

type PolicyOptions = { dev: boolean };

/**
 * The policy of a page rendered for one request, with that request's nonce. It allows what
 * the pages use: their own scripts (Next marks each with the nonce; 'strict-dynamic' lets
 * them load Stripe.js), Stripe's frames and API for card payments, and images from uploads,
 * previews (data: and blob:) and https links, which the spec accepts for covers and submissions.
 */
export function pageContentSecurityPolicy(nonce: string, options: PolicyOptions): string {
  return policyWith(`'self' 'nonce-${nonce}' 'strict-dynamic' https://js.stripe.com`, options);
}

/**
 * The policy of a page served from the cache: the same bytes go to everyone, so they cannot
 * carry a nonce of their own request. Scripts come from this site (and Stripe's, which a
 * page reached from this one by a client-side link loads) and inline, which Next's cached
 * pages need for their data. Everything else is as strict as on a rendered page. React
 * escapes every text these pages show, a search's words and what creators wrote alike.
 */
export function cachedPageContentSecurityPolicy(options: PolicyOptions): string {
  return policyWith("'self' 'unsafe-inline' https://js.stripe.com", options);
}

function policyWith(scriptSources: string, options: PolicyOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSources}${options.dev ? " 'unsafe-eval'" : ''}`,
    // React writes style attributes (progress bars, avatars), which nonces cannot cover.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' https://api.stripe.com${options.dev ? ' ws: wss:' : ''}`,
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttpsSite() ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}
