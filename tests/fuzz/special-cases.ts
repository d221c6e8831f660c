import { pngBytes, svgBytes } from '../fixtures/images';
import type { FakeStripe } from '../helpers/fake-stripe';
import type { BodySpec } from './inputs';

type Part = { name: string; filename?: string; type?: string; data: string | Buffer };

function multipart(boundary: string, parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const FORM = 'multipart/form-data; boundary=fuzz';

/** Multipart bodies a browser would never send, for a route whose file is in `field`. */
export function uploadCases(field: string): BodySpec[] {
  const raw = (text: string | Buffer, contentType: string | null = FORM): BodySpec => ({
    kind: 'raw',
    text,
    contentType,
  });
  const png = pngBytes();
  return [
    raw('garbage', 'multipart/form-data'),
    raw(''),
    raw('--fuzz--\r\n'),
    raw(multipart('fuzz', [{ name: field, filename: 'a.png', type: 'image/png', data: png }], false)),
    raw(
      Buffer.concat([
        Buffer.from(`--fuzz\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n\r\n`),
        png.subarray(0, 8),
      ]),
    ),
    raw(multipart('other', [{ name: field, filename: 'a.png', type: 'image/png', data: png }])),
    raw(multipart('fuzz', [{ name: field, data: 'not a file' }])),
    raw(multipart('fuzz', [{ name: field, filename: 'a.png', type: 'image/png', data: 'hello' }])),
    raw(multipart('fuzz', [{ name: field, filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }])),
    raw(
      multipart('fuzz', [
        { name: field, filename: '../../\u0000evil.png', type: 'image/png\r\nX-Evil: 1', data: svgBytes() },
      ]),
    ),
    raw(multipart('fuzz', [{ name: field, filename: 'x.svg', type: 'image/svg+xml', data: svgBytes() }])),
    raw(multipart('fuzz', [{ name: 'wrong', filename: 'a.png', type: 'image/png', data: png }])),
    raw(multipart('fuzz', [{ name: `${field}\u0000`, filename: 'a.png', type: 'image/png', data: png }])),
    raw(
      multipart(
        'fuzz',
        Array.from({ length: 500 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
      ),
    ),
    raw(multipart('fuzz', [{ name: 'x'.repeat(100_000), data: 'x' }])),
    raw(
      multipart('fuzz', [{ name: field, filename: 'a.png', type: 'image/png', data: png }]),
      'multipart/form-data; boundary=',
    ),
    raw(multipart('fuzz', [{ name: field, filename: 'a.png', type: 'image/png', data: png }]), 'text/plain'),
    raw(multipart('fuzz', [{ name: field, filename: 'a.png', type: 'image/png', data: png }]), null),
    raw(JSON.stringify({ [field]: 'https://example.com/a.png' }), 'application/json'),
    { kind: 'none' },
  ];
}

/**
 * A delivery the webhook must not act on, and what it answers: `refused` (a 4xx), or 200
 * for a signed event that names no payment the app can read, which it acknowledges and
 * ignores like any event it does not follow, so that Stripe stops sending it again.
 */
type WebhookCase = { body: BodySpec; signature: string | null; answer: 'refused' | 'ignored' };

/** Webhook deliveries that are not Stripe's: unsigned, badly signed, or signed and malformed. */
export function webhookCases(stripe: FakeStripe): WebhookCase[] {
  const json = (text: string | Buffer): BodySpec => ({ kind: 'raw', text, contentType: 'application/json' });
  const now = Math.floor(Date.now() / 1000);
  const event = JSON.stringify({
    id: 'evt_fuzz',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_fuzz' } },
  });
  const signed = (text: string, answer: WebhookCase['answer'] = 'refused'): WebhookCase => ({
    body: json(text),
    signature: stripe.sign(text),
    answer,
  });
  const refused = (body: BodySpec, signature: string | null): WebhookCase => ({ body, signature, answer: 'refused' });
  return [
    refused(json(event), null),
    refused(json(event), ''),
    refused(json(event), 'garbage'),
    refused(json(event), `t=${now},v1=deadbeef`),
    refused(json(event), 't=99999999999999999,v1=deadbeef'),
    refused(json(event), `t=${now - 3600},v1=${'0'.repeat(64)}`),
    refused(json('{'), `t=${now},v1=deadbeef`),
    refused(json(Buffer.from([0xff, 0xfe, 0x00])), `t=${now},v1=deadbeef`),
    refused({ kind: 'raw', text: event, contentType: 'text/plain' }, stripe.sign(event)),
    refused({ kind: 'none' }, stripe.sign('')),
    signed('null'),
    signed('[]'),
    signed('{}'),
    signed('"text"'),
    signed(JSON.stringify({ id: 'evt_fuzz_1', type: 'payment_intent.succeeded', data: { object: null } })),
    signed(
      JSON.stringify({ id: 'evt_fuzz_2', type: 'payment_intent.succeeded', data: { object: { id: ['pi_x'] } } }),
      'ignored',
    ),
    signed(
      JSON.stringify({
        id: 'evt_fuzz_3',
        type: 'charge.refunded',
        data: { object: { payment_intent: { id: 42 }, amount_refunded: 'lots' } },
      }),
      'ignored',
    ),
    signed(JSON.stringify({ id: 42, type: 'payment_intent.succeeded', data: { object: {} } })),
  ];
}
