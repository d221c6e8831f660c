import { ServerResponse } from 'node:http';

// Next 16 answers a redirect that a cached page renders for the first time (a profile's old
// address, the first time it is asked) with its Location header twice: the render sets it,
// then the cache entry's headers are appended to the same response (vercel/next.js#82117).
// Browsers take the same value twice, but a client that joins repeated headers, as `fetch`
// and many proxies do, follows `/@maya, /@maya` to a 404. This keeps one copy of a Location
// already set to the same value; distinct values and every other header pass as they were.

const KEY = Symbol.for('envolve.singleLocation');

/** Patches ServerResponse#appendHeader once per process, for every copy of this module. */
export function keepOneLocation(): void {
  const holder = globalThis as typeof globalThis & { [KEY]?: boolean };
  if (holder[KEY]) return;
  holder[KEY] = true;
  const append = ServerResponse.prototype.appendHeader;
  ServerResponse.prototype.appendHeader = function appendOnce(
    this: ServerResponse,
    name: string,
    value: string | readonly string[],
  ) {
    if (name.toLowerCase() === 'location') {
      const present = this.getHeader('location');
      const current = Array.isArray(present) ? present : present === undefined ? [] : [String(present)];
      const added = (Array.isArray(value) ? value : [value]).filter((one) => !current.includes(String(one)));
      if (added.length === 0) return this;
      return append.call(this, name, added);
    }
    return append.call(this, name, value);
  };
}
