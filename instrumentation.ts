import type { Instrumentation } from 'next';

// Runs once per server process before it takes requests. A server that cannot start as
// configured (no NEXTAUTH_SECRET in production, an embedded database another process holds,
// migrations that fail) stops with the reason: Next would log the failure and then answer
// 500 to everything, which a supervisor takes for a server that runs.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { prepareDatabase } = await import('./lib/db/prepare');
  const { logger } = await import('./lib/log');
  try {
    await prepareDatabase();
  } catch (error) {
    logger.fatal({ scope: 'start', err: error }, 'the server could not start');
    process.exit(1);
  }
}

// A page that failed because the database cannot be reached marks it down, so the next
// pages rendered per request answer 503 at once (proxy.ts) until it answers again.
export const onRequestError: Instrumentation.onRequestError = async (error) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportDatabaseError } = await import('./lib/db/availability');
  reportDatabaseError(error);
};
