import Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyEvent } from '@/lib/payments/webhook';

const SECRET = 'whsec_unit';
const nowSeconds = () => Math.floor(Date.now() / 1000);

function sign(payload: string, timestamp = nowSeconds()) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp });
}

/** What verifyEvent answers: the event's id, or the message of the 400 it throws. */
function outcome(payload: string, signature: string | null, now?: number): string {
  try {
    return verifyEvent(payload, signature, now).id;
  } catch (error) {
    expect(error).toMatchObject({ code: 'bad_request' });
    return (error as Error).message;
  }
}

const event = (fields: Record<string, unknown>) =>
  JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'charge.refunded',
    data: { object: { id: 'ch_1' } },
    ...fields,
  });

describe('verifyEvent', () => {
  beforeEach(() => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_unit');
    vi.stubEnv('STRIPE_PUBLISHABLE_KEY', 'pk_test_unit');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', SECRET);
  });

  it('accepts a signed event and gives it back', () => {
    const payload = event({});
    expect(verifyEvent(payload, sign(payload))).toMatchObject({ id: 'evt_1', type: 'charge.refunded' });
  });

  it('takes a timestamp exactly five minutes off either way, and refuses one a moment further', () => {
    const payload = event({});
    const at = nowSeconds();
    const signature = sign(payload, at);
    const outside = 'Stripe signature timestamp is outside the tolerance';
    expect(outcome(payload, signature, (at + 300) * 1000)).toBe('evt_1');
    expect(outcome(payload, signature, (at - 300) * 1000)).toBe('evt_1');
    expect(outcome(payload, signature, (at + 300) * 1000 + 1)).toBe(outside);
    expect(outcome(payload, signature, (at - 300) * 1000 - 1)).toBe(outside);
  });

  it('reads the timestamp wherever the header puts it', () => {
    const payload = event({});
    const at = nowSeconds() - 3600;
    const [t, v1] = sign(payload, at).split(',');
    expect(outcome(payload, `${v1},${t}`)).toBe('Stripe signature timestamp is outside the tolerance');
    expect(outcome(payload, `${v1}, ${t}`)).toBe('Stripe signature timestamp is outside the tolerance');
  });

  it('refuses a missing or unreadable signature', () => {
    const payload = event({});
    expect(outcome(payload, null)).toBe('Missing Stripe signature');
    expect(outcome(payload, '')).toBe('Missing Stripe signature');
    expect(outcome(payload, 'v1=deadbeef')).toBe('Invalid Stripe signature');
    expect(outcome(payload, `t=${nowSeconds()}x,v1=deadbeef`)).toBe('Invalid Stripe signature');
  });

  it('refuses a signed body that is not an event', () => {
    const malformed = [
      'null',
      '[]',
      '"evt_1"',
      event({ id: undefined }),
      event({ id: '' }),
      event({ id: 7 }),
      event({ type: undefined }),
      event({ type: 1 }),
      event({ data: undefined }),
      event({ data: { object: null } }),
      event({ data: { object: 'ch_1' } }),
    ];
    for (const payload of malformed) {
      expect(outcome(payload, sign(payload)), payload).toBe('Malformed Stripe event');
    }
  });
});
