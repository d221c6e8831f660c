// Where a page may send someone back to (after signing in, for example): a path on this
// site, never another origin. Browsers are lenient about what they treat as a host, so the
// rule is an allow-list of shapes rather than a list of tricks: one leading slash, then no
// second slash or backslash, nothing that decodes into one, and no control characters
// (which browsers strip before they parse, so '/\t/evil.example' is '//evil.example').

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function decodeFully(value: string): string | null {
  let current = value;
  // A path encoded twice or three times still means what it decodes to somewhere down
  // the line; a few rounds settle every real path.
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

function isSafe(path: string): boolean {
  if (!path.startsWith('/')) return false;
  const decoded = decodeFully(path);
  if (decoded === null) return false;
  for (const form of [path, decoded]) {
    if (CONTROL.test(form)) return false;
    if (form.includes('\\')) return false;
    if (form.startsWith('//') || form.startsWith('/\\')) return false;
  }
  // The URL parser has the last word: resolved against a placeholder origin, the path must
  // stay on it.
  try {
    const base = 'https://return-path.invalid';
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}

/**
 * `value` when it is a same-origin relative path, else `fallback`. Used for every
 * redirect whose target comes from a request (`callbackUrl` and the like).
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  return isSafe(candidate) ? candidate : fallback;
}

/**
 * next-auth hands its redirect callback absolute URLs built from the site's origin; a
 * target on this origin becomes its path (checked as above), anything else the fallback.
 */
export function safeRedirectUrl(url: string, baseUrl: string, fallback = '/'): string {
  if (url.startsWith('/')) return new URL(safeReturnPath(url, fallback), baseUrl).toString();
  try {
    const target = new URL(url);
    if (target.origin !== new URL(baseUrl).origin) return new URL(fallback, baseUrl).toString();
    return new URL(safeReturnPath(`${target.pathname}${target.search}${target.hash}`, fallback), baseUrl).toString();
  } catch {
    return new URL(fallback, baseUrl).toString();
  }
}
