import { AsyncLocalStorage } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { formatAbortReasons } from '@/lib/runtime/abort-reasons';
import { captureStartContext, inStartContext } from '@/lib/runtime/start-context';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// Stands for a request's render state: what an AsyncLocalStorage holds while it renders.
const requests = new AsyncLocalStorage<{ page: Uint8Array }>();

/**
 * Runs two Immediates queued together, the second in a later request's context, and returns
 * what the first left behind (`make`'s result, made inside it) with a WeakRef to the later
 * request's state.
 */
async function twoRenders<T>(make: () => T): Promise<{ kept: T; later: WeakRef<object> }> {
  let kept: T | undefined;
  let later: WeakRef<object> | undefined;
  await new Promise<void>((done) => {
    setImmediate(function first() {
      kept = make();
    });
    const state = { page: new Uint8Array(1024) };
    later = new WeakRef(state);
    requests.run(state, () => setImmediate(() => done()));
  });
  return { kept: kept!, later: later! };
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5 && ref.deref(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
  return ref.deref() === undefined;
}

describe('abort reasons', () => {
  it('an Error made in an Immediate keeps a later request alive until its stack is read (why the patch exists)', async () => {
    const { kept, later } = await twoRenders(() => new Error('made in an Immediate'));
    expect(await collected(later)).toBe(false);
    void kept.stack;
    expect(await collected(later)).toBe(true);
  });

  it('a controller aborted with such an Error no longer keeps later requests alive', async () => {
    formatAbortReasons();
    const { kept, later } = await twoRenders(() => {
      const controller = new AbortController();
      controller.abort(new Error('This render completed successfully.'));
      return controller;
    });
    expect(kept.signal.aborted).toBe(true);
    expect(await collected(later)).toBe(true);
    // The reason is unchanged: the same Error, its message and stack.
    expect((kept.signal.reason as Error).message).toBe('This render completed successfully.');
    expect((kept.signal.reason as Error).stack).toContain('This render completed successfully.');
  });

  it('keeps abort() without a reason and with a reason that is not an Error', () => {
    formatAbortReasons();
    const plain = new AbortController();
    plain.abort();
    expect((plain.signal.reason as DOMException).name).toBe('AbortError');
    const text = new AbortController();
    text.abort('stop');
    expect(text.signal.reason).toBe('stop');
    // A second abort changes nothing, as before.
    text.abort(new Error('again'));
    expect(text.signal.reason).toBe('stop');
  });
});

/** A request that makes a timer, as `wrap` has it made; a WeakRef to the request's state. */
function requestWithTimer(wrap: (make: () => NodeJS.Timeout) => NodeJS.Timeout) {
  const state = { page: new Uint8Array(1024) };
  let timer: NodeJS.Timeout | undefined;
  let seen: unknown = 'unread';
  requests.run(state, () => {
    seen = inStartContext(() => requests.getStore());
    timer = wrap(() => setTimeout(() => undefined, 60_000).unref());
  });
  return { request: new WeakRef(state), timer: timer!, seen };
}

describe('the start context', () => {
  it('runs what outlives a request in the context the server started in', async () => {
    captureStartContext();
    // Like a pool's connection and its timers: made during the request, living on after it.
    const { request, timer, seen } = requestWithTimer((make) => inStartContext(make));
    expect(seen).toBeUndefined();
    expect(await collected(request)).toBe(true);
    clearTimeout(timer);
  });

  it('the same timer made in the request keeps it alive (why it exists)', async () => {
    const { request, timer } = requestWithTimer((make) => make());
    expect(await collected(request)).toBe(false);
    clearTimeout(timer);
  });
});
