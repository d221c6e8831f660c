import Link from 'next/link';

// Not prefetched: the home page is a cached page, which a link prefetches whole, scripts
// included, and the logo is on every page; a click fetches it from the cache.
export function Logo() {
  return (
    <Link
      href="/"
      prefetch={false}
      className="flex items-center gap-2 font-bold tracking-tight text-ink"
      aria-label="Envolve home"
    >
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden>
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#7047f9" />
            <stop offset="1" stopColor="#ec4899" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#logo-g)" />
        <path d="M10 9h12M10 16h9M10 23h12M10 9v14" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="text-lg">Envolve</span>
    </Link>
  );
}
