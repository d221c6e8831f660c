import { RETRY_AFTER_SECONDS } from '@/lib/db/availability';
import { baseSecurityHeaders } from './security-headers';

// The page a visitor gets while the database cannot be reached: plain HTML with no script
// and nothing to load, so that it shows whatever else is down.
export const UNAVAILABLE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back soon · Envolve</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:28rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{color:#475569;line-height:1.5;margin:0 0 1.25rem}
a{color:#6128ee;font-weight:600}
</style>
</head>
<body>
<main>
<h1>We'll be right back</h1>
<p>Envolve is briefly unavailable. Nothing you did caused this, and nothing is lost: please try again in a minute.</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;

/**
 * The headers of that page, wherever it is answered from (the proxy, or the server when a
 * page failed on the database, lib/server/unavailable-pages.ts): a 503 crawlers and proxies
 * take as "come back later", kept by no cache.
 */
export function unavailablePageHeaders(): Record<string, string> {
  return {
    ...baseSecurityHeaders(),
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'Cache-Control': 'no-store',
    'Retry-After': String(RETRY_AFTER_SECONDS),
  };
}
