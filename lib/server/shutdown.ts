import 'server-only';
import type { Jobs } from '@/lib/jobs';
import { logError, logInfo, logWarn } from '@/lib/log';
import type { DatabaseHandle } from '@/lib/db/client';

const DEFAULT_GRACE_SECONDS = 20;
const EXIT_CODES = { SIGTERM: 143, SIGINT: 130 } as const;
type Signal = keyof typeof EXIT_CODES;

/** SHUTDOWN_GRACE_SECONDS when it is a positive number, else 20. */
function shutdownGraceMs(): number {
  const seconds = Number(process.env.SHUTDOWN_GRACE_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_GRACE_SECONDS) * 1000;
}

/**
 * Stops the server in order on SIGTERM and SIGINT: no new connection, the requests in
 * flight answered, the job workers stopped after their current job, then the database
 * closed, then the exit; all within SHUTDOWN_GRACE_SECONDS.
 *
 * Next's own handler (start-server.js, installed before instrumentation runs) already does
 * the first part: it closes the HTTP server, waits for the requests in flight, then calls
 * process.exit(). Only it holds the HTTP server, so taking the signal over
 * (NEXT_MANUAL_SIG_HANDLE) would mean reaching into Next's internals to drain it. Instead
 * this runs beside Next's handler: it stops the jobs at once, and holds Next's process.exit()
 * (the one moment that is after the drain and before the exit, with no private API) until
 * the database is closed. Closing it on the signal, as before, failed the requests Next was
 * still answering. Next's handler waits without limit; the grace period bounds it.
 */
export function closeOnSignals(jobs: Jobs, handle: DatabaseHandle): void {
  // Whoever set it handles the signals, and the exit, themselves.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) return;
  let started = false;
  const onSignal = (signal: Signal) => {
    if (started) return;
    started = true;
    shutDown(signal, jobs, handle);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

function shutDown(signal: Signal, jobs: Jobs, handle: DatabaseHandle): void {
  const graceMs = shutdownGraceMs();
  // The end of the grace period is kept for closing the database.
  const closeMs = Math.min(2_000, graceMs / 4);
  logInfo('server', 'stopping', { signal, graceSeconds: graceMs / 1000 });
  const exit = process.exit.bind(process);
  const jobsStopped = jobs.stop({ timeoutMs: graceMs - closeMs }).catch((error) => logError('jobs.stop', error));
  let closed: Promise<void> | undefined;
  const closeThenExit = (code: number) => {
    closed ??= jobsStopped
      .then(() => handle.close())
      .then(
        () => logInfo('server', 'stopped'),
        (error) => logError('db.close', error),
      );
    void closed.finally(() => exit(code));
  };
  process.exit = ((code?: number | string | null) => closeThenExit(Number(code ?? 0))) as typeof process.exit;
  setTimeout(() => {
    logWarn('server', 'grace period over: closing with requests still open');
    closeThenExit(EXIT_CODES[signal]);
  }, graceMs - closeMs);
  // Should closing hang, the process ends all the same.
  setTimeout(() => exit(EXIT_CODES[signal]), graceMs);
}
