import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiAction, IDLE, type ActionState } from '@/components/forms/api-action';
import { api, ApiError, NETWORK_ERROR } from '@/lib/api-client';
import { AppError, toErrorResponse } from '@/lib/http/errors';
import { checkWith } from '@/lib/validation/check';
import { ambassadorSchema, newsletterSchema } from '@/lib/validation/marketing';

/** An action whose every state is kept, as a component would render them one after another. */
function recorded() {
  const states: ActionState[] = [];
  const action = createApiAction((state) => states.push(state));
  return { action, states, last: () => states.at(-1) };
}

/** A promise the test settles when it chooses: the request still in flight until then. */
function pending() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The browser's fetch answering every call with what the server's error table makes of `error`. */
function serverAnswers(error: unknown) {
  const fetch = vi.fn(async () => toErrorResponse(error));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createApiAction', () => {
  it('is busy while the request is in flight and idle, marked done, once it went through', async () => {
    const { action, states, last } = recorded();
    const request = pending();
    const running = action.run({ send: () => request.promise });
    expect(last()).toEqual({ ...IDLE, busy: true });
    request.resolve();
    expect(await running).toBe('sent');
    expect(states).toEqual([
      { ...IDLE, busy: true },
      { ...IDLE, done: true },
    ]);
  });

  it("maps the server's `fields` of a 400 answer to field errors, with its first message", async () => {
    const refused = ambassadorSchema.safeParse({
      name: 'Ines',
      email: 'not-an-email',
      handle: '@ines',
      platform: 'Instagram',
      platformLink: 'https://instagram.com/ines',
      contentTypes: ['Carrier pigeons'],
    });
    expect(refused.success).toBe(false);
    const fetch = serverAnswers(refused.error);
    const { action, last } = recorded();

    const outcome = await action.run({ send: () => api('/api/ambassador', { json: {} }) });

    expect(outcome).toBe('failed');
    expect(fetch).toHaveBeenCalledTimes(1);
    const fields = last()!.fields;
    // Keyed by their dotted paths, a list's items included, as the forms look them up.
    expect(Object.keys(fields)).toEqual(['email', 'contentTypes.0']);
    expect(last()).toEqual({ busy: false, done: false, error: fields.email, fields });
  });

  it("shows a refusal's own message, and reports it to the page as well", async () => {
    serverAnswers(new AppError('conflict', 'This envolvement is full.'));
    const report = vi.fn();
    const { action, last } = recorded();

    await action.run({ send: () => api('/api/payment/grant-access', { json: {} }) }, { report });

    expect(last()).toEqual({ busy: false, done: false, error: 'This envolvement is full.', fields: {} });
    expect(report).toHaveBeenCalledWith('This envolvement is full.');
  });

  it('stops at the schema: its field errors show and nothing is sent', async () => {
    const fetch = serverAnswers(new AppError('bad_request', 'never asked'));
    const { action, last } = recorded();

    const outcome = await action.run({
      check: () => checkWith(newsletterSchema, { email: 'nobody' }),
      send: (entry) => api('/api/newsletter', { json: entry }),
    });

    expect(outcome).toBe('invalid');
    expect(fetch).not.toHaveBeenCalled();
    const { email } = last()!.fields;
    expect(email).toEqual(expect.any(String));
    expect(last()).toEqual({ busy: false, done: false, error: email, fields: { email } });
  });

  it('sends what the schema checked', async () => {
    const send = vi.fn(async () => {});
    const { action } = recorded();
    await action.run({ check: () => checkWith(newsletterSchema, { email: 'ines@example.com' }), send });
    expect(send).toHaveBeenCalledWith({ email: 'ines@example.com' });
  });

  it('turns a connection that failed into the network message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { action, last } = recorded();

    expect(await action.run({ send: () => api('/api/newsletter', { json: {} }) })).toBe('failed');
    expect(last()).toEqual({ busy: false, done: false, error: NETWORK_ERROR, fields: {} });
  });

  it('shows the fallback for anything else thrown, never its own words', async () => {
    const { action, last } = recorded();
    await action.run({ send: () => Promise.reject(new Error('x is undefined')) }, { message: 'Could not save.' });
    expect(last()!.error).toBe('Could not save.');
    await action.run({ send: () => Promise.reject(new Error('x is undefined')) });
    expect(last()!.error).toBe('Something went wrong. Please try again.');
  });

  it('words a failure as the form chooses', async () => {
    const { action, last } = recorded();
    const message = (failure: unknown) => (failure instanceof ApiError ? `refused: ${failure.status}` : 'other');
    await action.run({ send: () => Promise.reject(new ApiError(403, 'Forbidden')) }, { message });
    expect(last()!.error).toBe('refused: 403');
  });

  it('sends once however often it is submitted while a request is in flight', async () => {
    const request = pending();
    const send = vi.fn(() => request.promise);
    const { action } = recorded();

    const first = action.run({ send });
    const second = action.run({ send });
    request.resolve();
    expect(await second).toBe('skipped');
    expect(await first).toBe('sent');
    expect(send).toHaveBeenCalledTimes(1);

    expect(await action.run({ send })).toBe('sent');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends again after a failure', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ApiError(0, NETWORK_ERROR)).mockResolvedValueOnce(undefined);
    const { action, last } = recorded();
    expect(await action.run({ send })).toBe('failed');
    expect(await action.run({ send })).toBe('sent');
    expect(last()).toEqual({ ...IDLE, done: true });
  });

  it('stays busy and refuses another try once it went through when the page leaves', async () => {
    const send = vi.fn(async () => {});
    const report = vi.fn();
    const { action, last } = recorded();

    expect(await action.run({ send, leaves: true }, { report })).toBe('sent');
    expect(last()).toEqual({ ...IDLE, busy: true, done: true });
    expect(report).toHaveBeenCalledWith(null);
    expect(await action.run({ send, leaves: true })).toBe('skipped');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
