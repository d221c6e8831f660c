import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWait, RATE_LIMITS } from '@/lib/rate-limit/limits';

// The README's table is what operators read; it must say what the code does.
const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'security.md'), 'utf8');

describe('the README documents every rate limit as it is', () => {
  it.each(Object.entries(RATE_LIMITS))('%s', (name, limit) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row, `README row for ${name}`).toBeDefined();
    const allowed = row!.split('|')[2]!.trim();
    expect(allowed).toMatch(new RegExp(`^${limit.points} .+ per ${describeWait(limit.duration)}$`));
  });

  it('lists no limit the code does not have', () => {
    const documented = [...readme.matchAll(/^\| `(\w+)` \| \d+ /gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it('words waits as the forms show them', () => {
    expect([1, 30, 59, 60, 61, 900, 3600].map(describeWait)).toEqual([
      '1 second',
      '30 seconds',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '15 minutes',
      '60 minutes',
    ]);
  });
});
