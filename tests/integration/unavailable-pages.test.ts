import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseDown, reportDatabaseError } from '@/lib/db/availability';
import { getDatabaseHandle, openDatabase, setDatabaseHandle, type DatabaseHandle } from '@/lib/db/client';
import { UNAVAILABLE_HTML } from '@/lib/http/unavailable-page';
import { answerOutagesWithUnavailablePage } from '@/lib/server/unavailable-pages';
import { useTestDatabase } from '../helpers/db';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

// A page whose render fails on a database out of reach answers the "back soon" 503 where
// Next would answer 500, whichever way Next writes its answer; any other answer goes out as
// written. The server here writes its answers as Next does (a status set, then flushHeaders,
// write and end, behind the compression middleware), through Node's own HTTP server.
useTestDatabase();

const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  next: () => void,
) => void;

type Write = (response: http.ServerResponse) => void;

const nextsErrorPage: Write = (response) => {
  response.statusCode = 500;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('x-nextjs-cache', 'MISS');
  response.flushHeaders();
  response.write('<!DOCTYPE html><h1>Unexpected Application Error!</h1>');
  response.end();
};

let server: http.Server;
let writePage: Write = nextsErrorPage;
let compressing = true;
let stopWatching: () => void;

beforeAll(async () => {
  stopWatching = answerOutagesWithUnavailablePage();
  const compress = compression();
  server = http.createServer((request, response) =>
    compressing ? compress(request, response, () => writePage(response)) : writePage(response),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
});

afterAll(async () => {
  stopWatching();
  await new Promise((resolve) => server.close(resolve));
});

async function get(path: string, headers: Record<string, string> = { 'accept-encoding': 'gzip' }) {
  const { port } = server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  return { status: answer.status, headers: answer.headers, body: await answer.text() };
}

/** The whole answer as it crossed the connection, head and body. */
async function raw(path: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  socket.end(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('while the database server is known down', () => {
  let relay: TcpProxy;
  let unreachable: DatabaseHandle;
  let current: DatabaseHandle;

  beforeAll(async () => {
    relay = await startTcpProxy(5432);
    relay.cut();
    unreachable = openDatabase({ url: `postgres://envolve@127.0.0.1:${relay.port}/envolve` });
    current = getDatabaseHandle();
    setDatabaseHandle(unreachable);
    reportDatabaseError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(isDatabaseDown()).toBe(true);
  });

  afterAll(async () => {
    setDatabaseHandle(current);
    await unreachable.close();
    await relay.close();
  });

  afterEach(() => {
    writePage = nextsErrorPage;
    compressing = true;
  });

  it('a page that fails answers the "back soon" page with a 503, compressed or not', async () => {
    for (const [encoding, middleware] of [
      ['gzip', true],
      ['identity', true],
      ['gzip', false],
    ] as const) {
      compressing = middleware;
      const answer = await get('/envolvement/1/rendered', { 'accept-encoding': encoding });
      expect(answer.status).toBe(503);
      expect(answer.body).toBe(UNAVAILABLE_HTML);
      expect(Object.fromEntries(answer.headers)).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': '5',
        'x-content-type-options': 'nosniff',
      });
      // Nothing of the failed render's answer is left.
      expect(answer.headers.get('x-nextjs-cache')).toBeNull();
      expect(answer.headers.get('content-encoding')).toBeNull();
    }
  });

  it('so does one that ends its answer in one call, or writes its head itself', async () => {
    writePage = (response) => {
      response.statusCode = 500;
      response.end('Internal Server Error');
    };
    expect((await get('/create')).status).toBe(503);
    writePage = (response) => {
      response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end('Internal Server Error');
    };
    const answer = await get('/create');
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 503, body: UNAVAILABLE_HTML });
  });

  it('sends nothing of the failed answer after the 503, whichever way it was written', async () => {
    const ways: Write[] = [
      nextsErrorPage,
      (response) => {
        response.statusCode = 500;
        response.write('<h1>Internal');
        response.end(' Server Error</h1>');
      },
      (response) => {
        response.statusCode = 500;
        response.end('Internal Server Error');
      },
    ];
    for (const [index, way] of ways.entries()) {
      writePage = way;
      compressing = index === 0;
      const answer = await raw('/create');
      expect(answer.startsWith('HTTP/1.1 503 Service Unavailable\r\n')).toBe(true);
      expect(answer.endsWith(`\r\n\r\n${UNAVAILABLE_HTML}`)).toBe(true);
    }
  });

  it('keeps the `Connection: close` of a server that is stopping', async () => {
    writePage = (response) => {
      response.setHeader('Connection', 'close');
      nextsErrorPage(response);
    };
    const answer = await raw('/create');
    expect(answer).toMatch(/^HTTP\/1.1 503 .*\r\nConnection: close\r\n/s);
  });

  it('answers that are not a failed page go out as written', async () => {
    // The API answers its own 503 with a JSON body; a 500 there is a bug to see as it is.
    expect(await get('/api/post/pull')).toMatchObject({ status: 500 });
    writePage = (response) => {
      response.statusCode = 200;
      response.end('<p>from the cache</p>');
    };
    expect(await get('/explore')).toMatchObject({ status: 200, body: '<p>from the cache</p>' });
    writePage = (response) => {
      response.statusCode = 404;
      response.end('not here');
    };
    expect(await get('/nowhere')).toMatchObject({ status: 404, body: 'not here' });
  });
});

it('a page that fails while the database answers stays a 500: its error is not an outage', async () => {
  expect(isDatabaseDown()).toBe(false);
  const answer = await get('/envolvement/1/rendered');
  expect(answer.status).toBe(500);
  expect(answer.body).toContain('Unexpected Application Error!');
});
