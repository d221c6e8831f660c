// The life of one form or button that calls the API, without React: what it shows while
// it runs (busy), after a refusal (the message, the field errors) and the guard that keeps
// a second click from sending again. useApiAction holds it in a component's state.
import { ApiError, messageOf } from '@/lib/api-client';
import type { Checked, FieldErrors } from '@/lib/validation/field-errors';

/** `done`: the last attempt went through. */
export type ActionState = { busy: boolean; done: boolean; error: string | null; fields: FieldErrors };

export const IDLE: ActionState = { busy: false, done: false, error: null, fields: {} };

export type ActionOptions = {
  /**
   * The text shown for a failure: a function of what was thrown, or the fallback for
   * anything that is not an ApiError (whose own message, the server's, is shown).
   */
  message?: string | ((failure: unknown) => string);
  /** Also told how each send ended: its failure's message, or null once it went through (the page's banner). */
  report?: (message: string | null) => void;
};

/** How an attempt ended: sent, stopped by the check, refused or failed, or not tried (one was under way). */
type Outcome = 'sent' | 'invalid' | 'failed' | 'skipped';

export type Attempt<T> = {
  /**
   * The client-side check with the handler's schema, before anything is sent: a failure
   * shows its field errors and message, and nothing is sent. It may load the schema first.
   */
  check?: () => Checked<T> | Promise<Checked<T>>;
  send: (data: T) => Promise<unknown>;
  /** The page goes elsewhere once it is sent: it stays busy, and refuses another try, until it has. */
  leaves?: boolean;
};

function describe(failure: unknown, message: ActionOptions['message']): string {
  return typeof message === 'function' ? message(failure) : messageOf(failure, message);
}

/** The field errors a refusal carries: the server's `fields` of a 4xx answer. */
const fieldsOf = (failure: unknown): FieldErrors => (failure instanceof ApiError ? failure.fields : {});

/** One action's runner: `run` sends an attempt unless one is under way, and reports through `set`. */
export function createApiAction(set: (state: ActionState) => void) {
  let running = false;

  const fail = (fields: FieldErrors, error: string) => set({ busy: false, done: false, error, fields });

  async function attempt<T>({ check, send, leaves }: Attempt<T>, options: ActionOptions): Promise<Outcome> {
    try {
      const checked = check ? await check() : ({ ok: true, data: undefined as T } as const);
      if (!checked.ok) {
        fail(checked.fields, checked.error);
        return 'invalid';
      }
      await send(checked.data);
    } catch (failure) {
      const error = describe(failure, options.message);
      fail(fieldsOf(failure), error);
      options.report?.(error);
      return 'failed';
    }
    set({ ...IDLE, busy: Boolean(leaves), done: true });
    options.report?.(null);
    return 'sent';
  }

  async function run<T>(task: Attempt<T>, options: ActionOptions = {}): Promise<Outcome> {
    if (running) return 'skipped';
    running = true;
    set({ ...IDLE, busy: true });
    const outcome = await attempt(task, options);
    running = outcome === 'sent' && Boolean(task.leaves);
    return outcome;
  }

  return { run };
}
