import { describe, expect, it } from 'vitest';
import { isOneTypoAway } from '@/lib/domain/typos';

describe('isOneTypoAway', () => {
  it('forgives one letter changed, added or left out, or two neighbours swapped', () => {
    for (const typed of [
      'portrait',
      'portrayt',
      'porrtrait',
      'portrit',
      'ortrait',
      'portraitx',
      'portriat',
      'oprtrait',
    ])
      expect([typed, isOneTypoAway(typed, 'portrait')]).toEqual([typed, true]);
  });

  it('forgives no more than that', () => {
    for (const typed of ['potriat', 'portr', 'protriat', 'tropriat', 'portraitxx', 'xportraitx', 'artportr'])
      expect([typed, isOneTypoAway(typed, 'portrait')]).toEqual([typed, false]);
  });

  it('counts letters, not code units', () => {
    expect(isOneTypoAway('naïve', 'naive')).toBe(true);
    expect(isOneTypoAway('😀abcd', 'abcd')).toBe(true);
    expect(isOneTypoAway('😀😀abcd', 'abcd')).toBe(false);
  });
});
