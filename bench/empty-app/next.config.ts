import path from 'node:path';
import type { NextConfig } from 'next';

// An empty Next app, built and started by `npm run bench` with the project's own `next`, to
// tell what the framework costs from what the app adds. It keeps the project's settings that
// change what a request costs: the cache handler (a page rendered fresh is stored through it)
// and no X-Powered-By. What it leaves out costs nothing per request or is the app's own:
// `output: 'standalone'` (only the build's output), images (none here),
// serverExternalPackages (no database), the type check (the project's typecheck covers these
// files), and proxy.ts, which is part of what the app costs. Turbopack's build cache is off:
// the bench builds this app only when its files change, when the cache would only be written.
// Its build folder is the bench's to name (scripts/bench/empty-app.ts), outside this folder,
// where the project's tools already leave build folders alone.
const nextConfig: NextConfig = {
  distDir: process.env.EMPTY_APP_DIST_DIR || path.join('..', '..', '.next-empty-app'),
  poweredByHeader: false,
  cacheHandler: path.resolve(__dirname, '..', '..', 'cache-handler.mjs'),
  typescript: { ignoreBuildErrors: true },
  experimental: { turbopackFileSystemCacheForBuild: false },
};

export default nextConfig;
