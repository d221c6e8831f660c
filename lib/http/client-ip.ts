// The address a request came from, for per-IP limits. Route handlers do not see the
// socket; Next puts its address in X-Forwarded-For when the header is absent, and a
// reverse proxy appends the address it saw. So the client is the entry TRUSTED_PROXIES
// places from the right (default 1: one proxy, or none). Entries further left were
// written by the client and prove nothing.

function trustedProxies(): number {
  const value = Number(process.env.TRUSTED_PROXIES || 1);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

export function clientIp(headers: Headers): string {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return headers.get('x-real-ip')?.trim() || 'unknown';
  const index = Math.max(chain.length - trustedProxies(), 0);
  // An address is at most 45 characters (IPv6 with IPv4 tail); anything longer is junk.
  return chain[index]!.slice(0, 64);
}
