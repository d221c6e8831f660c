import path from 'node:path';
import type { NextConfig } from 'next';

/**
 * The hosts besides localhost that `next dev` serves its scripts to: the loopback addresses,
 * and the site's own host as NEXTAUTH_URL (or SITE_URL) names it. Any other host gets pages
 * that never come alive (no menu, no dialog), since Next refuses their scripts.
 */
function devOrigins(): string[] {
  const hosts = new Set(['127.0.0.1', '[::1]']);
  for (const url of [process.env.NEXTAUTH_URL, process.env.SITE_URL]) {
    if (!url) continue;
    try {
      hosts.add(new URL(url).hostname);
    } catch {
      // A malformed URL is refused where it is used; it names no host here.
    }
  }
  return [...hosts];
}

const nextConfig: NextConfig = {
  allowedDevOrigins: devOrigins(),
  output: 'standalone',
  // Several dev servers can run side by side when each has its own build folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite ships a WebAssembly build of PostgreSQL: load it from node_modules at run time
  // instead of bundling it.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pg-boss'],
  // Migrations are read from disk at start, so the standalone output must carry them.
  outputFileTracingIncludes: { '/**': ['./drizzle/**/*', './cache-handler.mjs'] },
  poweredByHeader: false,
  // No ETag: Next hashes the whole HTML or payload of every answer to make one, which cost a
  // cached page more than serving it. Nothing answers a page with 304 without that hash, and
  // static files keep Last-Modified (docs/architecture.md, "Caching").
  generateEtags: false,
  // Cached reads, cached pages and their invalidations are kept by cache-handler.mjs: in Redis,
  // shared by every instance, with REDIS_URL; without it in this process, within Next's
  // cacheMaxMemorySize (50 MB unless set). Pages served from the cache (Explore, public
  // profiles) are made from the database, not by the build, so they are never kept in the
  // build folder, where a restarted server, or one on another database, would serve them as
  // they were.
  cacheHandler: path.resolve('cache-handler.mjs'),
  // Not `cacheComponents`: with it, a page rendered for its request answers 200 before it can
  // call notFound() or redirect() (docs/architecture.md, "Why not Cache Components").
  // A CI run builds once on a fresh clone: Turbopack's build cache on disk would only be written.
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
  // `npm test` type-checks the project, with Next's route types, before it builds: its build
  // sets NEXT_BUILD_TYPES_CHECKED so as not to check the same files again. Any other build checks them.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPES_CHECKED === '1' },
  images: {
    // Covers, banners and avatars the app stored, and Cloudinary's; any other https image
    // is drawn unoptimized (lib/domain/images.ts isOptimizableImage says which).
    localPatterns: [{ pathname: '/uploads/**' }, { pathname: '/demo/**' }],
    remotePatterns: [{ protocol: 'https', hostname: 'res.cloudinary.com' }],
    formats: ['image/avif', 'image/webp'],
  },
};

export default nextConfig;
