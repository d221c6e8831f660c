import 'server-only';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDatabaseDown } from '@/lib/db/availability';
import { UNAVAILABLE_HTML, unavailablePageHeaders } from '@/lib/http/unavailable-page';

const REQUEST_START = 'http.server.request.start';
type RequestStart = { request: IncomingMessage; response: ServerResponse };
type Door = 'writeHead' | 'write' | 'end';
type Method = (this: ServerResponse, ...args: unknown[]) => unknown;

/**
 * A page that fails because the database server cannot be reached answers the "back soon"
 * page with a 503, from the first request of an outage on, where Next would answer 500.
 *
 * Once the database is known down, the proxy answers pages rendered per request with that
 * page before they render; but the request that finds the outage has already started
 * rendering, and a page cannot set its own status: Next answers a render that throws with a
 * 500, and no hook of Next's can change that answer (`onRequestError` only hears of it).
 * So the change is made where every answer goes out: Node's HTTP server announces each
 * request with its response on the public diagnostics channel `http.server.request.start`,
 * before Next sees it, and a page's response is watched for a 500 about to be sent. If by then
 * the database is known down (a pool call marks it down as it fails, before the render gives
 * up: lib/db/outage-guard.ts), the 503 page goes out instead and what Next writes after it is
 * dropped. Any other 500, a page's own bug or a database error that is not an outage (a query
 * that is wrong, a constraint), stays a 500. API routes answer their own 503 (lib/http/errors.ts).
 */
export function answerOutagesWithUnavailablePage(): () => void {
  const onRequest = (message: unknown) => {
    const { request, response } = message as RequestStart;
    if (isPageRequest(request)) watchForOutage(response);
  };
  subscribe(REQUEST_START, onRequest);
  return () => void unsubscribe(REQUEST_START, onRequest);
}

/** A page, or a client-side navigation to one: not the API, not Next's files. */
function isPageRequest(request: IncomingMessage): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url ?? '/';
  return !url.startsWith('/api/') && !url.startsWith('/_next/');
}

/**
 * The head leaves through writeHead(), which Node calls itself for a head not yet written
 * (Next's flushHeaders(), the compression middleware's write()); but write() and end() would
 * go on to send their body after it, so they are checked first too. Either way nothing of
 * Next's answer has been sent when the 503 replaces it.
 */
function watchForOutage(response: ServerResponse): void {
  const own = response as unknown as Record<Door, Method>;
  const node = { writeHead: own.writeHead, write: own.write, end: own.end };
  let replaced = false;
  const replaceIfDown = (status: number): boolean => {
    if (replaced) return true;
    if (response.headersSent || status !== 500 || !isDatabaseDown()) return false;
    replaced = true;
    // Only `Connection` stays: a stopping server closes its connections (./shutdown.ts).
    for (const name of response.getHeaderNames()) if (name !== 'connection') response.removeHeader(name);
    const length = String(Buffer.byteLength(UNAVAILABLE_HTML));
    node.writeHead.call(response, 503, { ...unavailablePageHeaders(), 'Content-Length': length });
    node.end.call(response, UNAVAILABLE_HTML);
    return true;
  };
  // What Next writes after the 503 is dropped, its callbacks called as if it had been sent.
  const dropped = (args: unknown[], value: unknown) => {
    (args.find((arg) => typeof arg === 'function') as (() => void) | undefined)?.();
    return value;
  };
  own.writeHead = function (status, ...rest) {
    return replaceIfDown(status as number) ? this : node.writeHead.call(this, status, ...rest);
  };
  own.write = function (...args) {
    return replaceIfDown(this.statusCode) ? dropped(args, true) : node.write.apply(this, args);
  };
  own.end = function (...args) {
    return replaceIfDown(this.statusCode) ? dropped(args, this) : node.end.apply(this, args);
  };
}
