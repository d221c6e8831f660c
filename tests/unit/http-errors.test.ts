import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { AppError, toErrorResponse } from '@/lib/http/errors';
import { redirectLogs } from '@/lib/log';

describe('toErrorResponse', () => {
  it('maps each AppError code to its status and keeps the message', async () => {
    const cases = [
      ['bad_request', 400],
      ['unauthorized', 401],
      ['forbidden', 403],
      ['not_found', 404],
      ['conflict', 409],
      ['too_large', 413],
      ['rate_limited', 429],
      ['unavailable', 503],
    ] as const;
    for (const [code, status] of cases) {
      const response = toErrorResponse(new AppError(code, `message ${code}`));
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: `message ${code}`, code });
    }
  });

  it('answers a zod error with 400, the first message and every field', async () => {
    const schema = z.object({
      a: z.string().check(z.minLength(1, 'A is required')),
      b: z.object({ c: z.number({ error: 'C must be a number' }) }),
    });
    const result = schema.safeParse({ a: '', b: { c: 'x' } });
    const response = toErrorResponse(result.error);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'A is required',
      code: 'bad_request',
      fields: { a: 'A is required', 'b.c': 'C must be a number' },
    });
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const lines: string[] = [];
    const restoreLogs = redirectLogs({ write: (line) => void lines.push(line) });
    const response = toErrorResponse(new Error('secret stack detail'));
    restoreLogs();
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(body).toEqual({ error: 'Something went wrong. Please try again later.', code: 'internal' });
    expect(lines.map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ level: 'error', scope: 'api' })]);
  });

  it('answers 503 with Retry-After, and no error line, when the database or Stripe cannot be reached', async () => {
    const lines: string[] = [];
    const restoreLogs = redirectLogs({ write: (line) => void lines.push(line) });
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const stripe = Object.assign(new Error('An error occurred with our connection to Stripe.'), {
      type: 'StripeConnectionError',
    });
    const responses = [toErrorResponse(new Error('Failed query', { cause: refused })), toErrorResponse(stripe)];
    restoreLogs();
    for (const response of responses) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({
        error: 'Envolve is briefly unavailable. Please try again in a moment.',
        code: 'unavailable',
      });
    }
    expect(lines.map((line) => JSON.parse(line).level)).toEqual(['warn', 'warn']);
  });
});
