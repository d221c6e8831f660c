import { createServer, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepOneLocation } from '@/lib/runtime/single-location';

// A real server and raw headers: what a client receives when a response sets its Location
// and then has the same one appended, as Next does for a cached page's first redirect.

let server: Server;
let base = '';

beforeAll(async () => {
  keepOneLocation();
  server = createServer((request, response) => {
    response.statusCode = 308;
    response.setHeader('location', '/@maya');
    if (request.url === '/same') response.appendHeader('Location', '/@maya');
    if (request.url === '/other') response.appendHeader('location', '/@leo');
    response.appendHeader('set-cookie', 'a=1');
    response.appendHeader('set-cookie', 'a=1');
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const rawHeaders = async (path: string) => {
  const response = await fetch(`${base}${path}`, { redirect: 'manual' });
  return { location: response.headers.get('location'), cookies: response.headers.getSetCookie() };
};

describe('one Location per redirect', () => {
  it('keeps one copy of a Location appended again with the same value', async () => {
    expect(await rawHeaders('/same')).toMatchObject({ location: '/@maya' });
  });

  it('leaves distinct values, and every other header, as they were appended', async () => {
    expect(await rawHeaders('/other')).toEqual({ location: '/@maya, /@leo', cookies: ['a=1', 'a=1'] });
  });

  it('patches once however often it is asked', () => {
    const patched = ServerResponse.prototype.appendHeader;
    keepOneLocation();
    expect(ServerResponse.prototype.appendHeader).toBe(patched);
  });
});
