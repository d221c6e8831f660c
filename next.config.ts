import path from 'node:path';
import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  output: 'standalone',
  // Several dev servers can run side by side when each has its own build folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite ships a WebAssembly build of PostgreSQL: load it from node_modules at run time
  // instead of bundling it.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pg-boss'],
  // Migrations are read from disk at start, so the standalone output must carry them.
  outputFileTracingIncludes: { '/**': ['./drizzle/**/*', './cache-handler.mjs'] },
  poweredByHeader: false,
  // With REDIS_URL, cached reads and their invalidations are shared by every instance
  // (cache-handler.mjs); without it each instance keeps its own cache in memory.
  // Pages served from the cache (Explore, public profiles) are made from the database, not by
  // the build: they are kept in memory (or Redis), never written into the build folder, where
  // a restarted server, or one on another database, would serve them as they were.
  // A CI run builds once on a fresh clone: Turbopack's build cache on disk would only be written.
  experimental: { isrFlushToDisk: false, turbopackFileSystemCacheForBuild: !process.env.CI },
  ...(process.env.REDIS_URL ? { cacheHandler: path.resolve('cache-handler.mjs'), cacheMaxMemorySize: 0 } : {}),
  images: {
    // Covers, banners and avatars the app stored, and Cloudinary's; any other https image
    // is drawn unoptimized (lib/domain/images.ts isOptimizableImage says which).
    localPatterns: [{ pathname: '/uploads/**' }, { pathname: '/demo/**' }],
    remotePatterns: [{ protocol: 'https', hostname: 'res.cloudinary.com' }],
    formats: ['image/avif', 'image/webp'],
  },
};

export default nextConfig;
