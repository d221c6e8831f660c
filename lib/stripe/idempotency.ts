import 'server-only';
import { createHash } from 'node:crypto';

// Stripe refuses a reused idempotency key whose parameters differ (for 24 hours), so a
// key is derived from every parameter sent, plus what makes the request new (`scope`).
export function idempotencyKey(kind: string, params: unknown, scope: string | number = ''): string {
  const digest = createHash('sha256').update(stableJson(params)).update(`|${scope}`).digest('hex').slice(0, 40);
  return `envolve-${kind}-${digest}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
