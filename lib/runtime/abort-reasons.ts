// An Error keeps the frames of its stack, each with its receiver, until its `stack` is first
// read. The reason a render's AbortController is aborted with (React aborts its cache signal
// with an Error once a render completes) is made inside an Immediate, so it kept that
// Immediate, which keeps the Immediates queued after it (Node leaves `_idleNext` set on one
// that has run), each with the async context of the request that queued it: every render
// reached the renders after it, and anything long-lived made during one (a pooled connection,
// a module first imported then) kept them all. Reading the stack once the signal is aborted
// turns the frames into text and lets them go.

const KEY = Symbol.for('envolve.abortReasonsFormatted');

/** Patches AbortController#abort once per process, for every copy of this module. */
export function formatAbortReasons(): void {
  const holder = globalThis as typeof globalThis & { [KEY]?: boolean };
  if (holder[KEY]) return;
  holder[KEY] = true;
  const abort = AbortController.prototype.abort;
  AbortController.prototype.abort = function abortAndFormat(this: AbortController, reason?: unknown) {
    abort.call(this, reason);
    const given = this.signal.reason as unknown;
    if (given instanceof Error) void given.stack;
  };
}
