import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { idempotencyKey } from '@/lib/stripe/idempotency';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('idempotencyKey', () => {
  // Stripe keeps a key for 24 hours: a retry sent after a release must derive the same key,
  // so the derivation is fixed: canonical JSON (keys sorted, undefined left out, arrays in
  // order), then `|` and the scope.
  it('is the kind and a digest of the canonical JSON of the parameters and the scope', () => {
    const params = {
      payment_intent: 'pi_1',
      metadata: { userId: 'u1', envolvementId: 'e1' },
      expand: ['latest_charge', 'customer'],
      description: undefined,
    };
    const canonical =
      '{"expand":["latest_charge","customer"],"metadata":{"envolvementId":"e1","userId":"u1"},"payment_intent":"pi_1"}';
    expect(idempotencyKey('refund', params, 'succeeded|0')).toBe(
      `envolve-refund-${sha256(`${canonical}|succeeded|0`).slice(0, 40)}`,
    );
    expect(idempotencyKey('pi', params, 2)).toBe(`envolve-pi-${sha256(`${canonical}|2`).slice(0, 40)}`);
    expect(idempotencyKey('pi', params)).toBe(`envolve-pi-${sha256(`${canonical}|`).slice(0, 40)}`);
  });

  it('is the same for the same parameters in any order, with undefined ones left out', () => {
    const key = idempotencyKey('pi', { amount: 1999, currency: 'usd', metadata: { a: '1', b: '2' } }, 0);
    expect(
      idempotencyKey('pi', { metadata: { b: '2', a: '1' }, description: undefined, currency: 'usd', amount: 1999 }, 0),
    ).toBe(key);
  });

  it('changes with any parameter, its place in a list, the kind and the scope', () => {
    const base = { amount: 1999, currency: 'usd', expand: ['a', 'b'], list: [12, 3] };
    const keys = [
      idempotencyKey('pi', base, 0),
      idempotencyKey('pi', { ...base, amount: 2499 }, 0),
      idempotencyKey('pi', { ...base, currency: 'eur' }, 0),
      idempotencyKey('pi', { ...base, expand: ['b', 'a'] }, 0),
      idempotencyKey('pi', { ...base, expand: ['a'] }, 0),
      idempotencyKey('pi', { ...base, list: [1, 23] }, 0),
      idempotencyKey('refund', base, 0),
      idempotencyKey('pi', base, 1),
      idempotencyKey('pi', base),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
