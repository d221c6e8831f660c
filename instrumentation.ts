// Runs once per server process before it takes requests. A server that cannot start as
// configured (no NEXTAUTH_SECRET in production, an embedded database another process holds,
// migrations that fail, a job queue that cannot start) stops with the reason: Next would log
// the failure and then answer 500 to everything, which a supervisor takes for a server that runs.
export async function register() {
  // A branch, not an early return: the Edge runtime's bundle drops a branch it knows is dead,
  // but not the code after a return, and warned about process.exit on every compile.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, before anything opens a connection: see lib/runtime/start-context.ts.
    const { captureStartContext } = await import('./lib/runtime/start-context');
    captureStartContext();
    // A redirect with one Location, not the same one twice: see lib/runtime/single-location.ts.
    const { keepOneLocation } = await import('./lib/runtime/single-location');
    keepOneLocation();
    // Not on the development server, which maps every stack it formats through the source
    // maps of what it compiled: a price on each render, for memory a restart frees anyway.
    if (process.env.NODE_ENV === 'production') {
      const { formatAbortReasons } = await import('./lib/runtime/abort-reasons');
      formatAbortReasons();
    }
    const { startServer } = await import('./lib/server/start');
    const { logger } = await import('./lib/log');
    const stop = (error: unknown) => {
      logger.fatal({ scope: 'start', err: error }, 'the server could not start');
      process.exit(1);
    };
    try {
      const { jobsStarting } = await startServer();
      jobsStarting.catch(stop);
    } catch (error) {
      stop(error);
    }
  }
}
