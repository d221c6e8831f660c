import 'server-only';
import { subscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import type { Jobs } from '@/lib/jobs';
import { logError, logInfo, logWarn } from '@/lib/log';
import type { DatabaseHandle } from '@/lib/db/client';
import { markStopping } from './stopping';

const DEFAULT_GRACE_SECONDS = 20;
const DEFAULT_DRAIN_SECONDS = 5;
const SIGNALS = ['SIGTERM', 'SIGINT'] as const;
const EXIT_CODES = { SIGTERM: 143, SIGINT: 130 } as const;
type Signal = (typeof SIGNALS)[number];
type SignalListener = (signal: Signal) => void;

/** SHUTDOWN_GRACE_SECONDS when it is a positive number, else 20. */
function shutdownGraceMs(): number {
  const seconds = Number(process.env.SHUTDOWN_GRACE_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_GRACE_SECONDS) * 1000;
}

/**
 * SHUTDOWN_DRAIN_SECONDS when it is a number, 0 or more, else 5; but 0 on the development
 * server, which no load balancer feeds and whose Ctrl-C should not wait.
 */
function shutdownDrainMs(): number {
  const value = process.env.SHUTDOWN_DRAIN_SECONDS;
  const seconds = value?.trim() ? Number(value) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  return process.env.NODE_ENV === 'production' ? DEFAULT_DRAIN_SECONDS * 1000 : 0;
}

/**
 * Stops the server in order on SIGTERM and SIGINT. First the drain, SHUTDOWN_DRAIN_SECONDS:
 * GET /api/ready answers 503 so that load balancers stop sending requests, and everything
 * else is answered as usual, each answer with `Connection: close` so that kept-alive clients
 * open their next connection elsewhere. Then, within SHUTDOWN_GRACE_SECONDS: no new
 * connection, the requests in flight answered, the job workers stopped after their current
 * job, then the database closed, then the exit.
 *
 * Next's own handler (start-server.js, installed before instrumentation runs) does the part
 * after the drain: it closes the HTTP server, waits for the requests in flight, then calls
 * process.exit(). Closing at once, it refused (and reset, for connections accepted and not
 * yet read) the requests a load balancer sent before it learnt of the stop. Only that
 * handler holds the HTTP server, so taking the signal over (NEXT_MANUAL_SIG_HANDLE) would
 * mean reaching into Next's internals to close it. Instead this takes the signals' listeners
 * installed so far, Next's among them, off the process (`process.listeners()`, public Node
 * API) and calls them with the signal once the drain is over; and it holds Next's
 * process.exit() (the one moment that is after the requests and before the exit) until the
 * database is closed. Next's handler waits without limit; the grace period bounds it.
 */
export function closeOnSignals(jobs: Jobs, handle: DatabaseHandle): void {
  // Whoever set it handles the signals, and the exit, themselves.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) return;
  const held = new Map<Signal, SignalListener[]>();
  for (const signal of SIGNALS) {
    const listeners = process.listeners(signal) as SignalListener[];
    for (const listener of listeners) process.removeListener(signal, listener);
    held.set(signal, listeners);
  }
  let started = false;
  const onSignal = (signal: Signal) => {
    if (started) return;
    started = true;
    drainThenStop(signal, jobs, handle, () => {
      for (const listener of held.get(signal) ?? []) listener(signal);
    });
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function drainThenStop(signal: Signal, jobs: Jobs, handle: DatabaseHandle, closeServer: () => void): void {
  const drainMs = shutdownDrainMs();
  const graceMs = shutdownGraceMs();
  logInfo('server', 'stopping', { signal, drainSeconds: drainMs / 1000, graceSeconds: graceMs / 1000 });
  markStopping();
  closeConnectionsAfterTheirAnswer();
  setTimeout(() => {
    if (drainMs > 0) logInfo('server', 'drain over: taking no new connections');
    shutDown(signal, jobs, handle, graceMs);
    closeServer();
  }, drainMs);
}

// Node's HTTP server announces each request, with its response, on this public channel
// before the app sees it; a response that says `Connection: close` closes its connection.
function closeConnectionsAfterTheirAnswer(): void {
  subscribe('http.server.request.start', (message) => {
    const { response } = message as { response: ServerResponse };
    if (!response.headersSent) response.setHeader('Connection', 'close');
  });
}

function shutDown(signal: Signal, jobs: Jobs, handle: DatabaseHandle, graceMs: number): void {
  // The end of the grace period is kept for closing the database.
  const closeMs = Math.min(2_000, graceMs / 4);
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
