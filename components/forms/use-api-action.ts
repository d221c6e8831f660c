'use client';

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Status } from '@/components/ui/status-message';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { createApiAction, IDLE, type ActionOptions, type ActionState, type Attempt } from './api-action';

/**
 * A form's or a button's call to the API: busy while it runs, the failure's message and
 * field errors (the schema's, checked first, or the server's `fields`), and one attempt at
 * a time. `run` keeps its identity (an effect may start it); it reads the latest options.
 */
export function useApiAction(options: ActionOptions & { initialError?: string | null } = {}) {
  const [state, setState] = useState<ActionState>({ ...IDLE, error: options.initialError ?? null });
  const [action] = useState(() => createApiAction(setState));
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const run = useCallback(<T>(task: Attempt<T>) => action.run(task, latest.current), [action]);

  return {
    ...state,
    /** The message when no field shows one (a 429, no network, a conflict): the others say it at their field. */
    formError: Object.keys(state.fields).length ? null : state.error,
    run,
    /** The line under a form: the failure in red, or `success` (if any) in green once it went through. */
    status: (success?: string): Status =>
      state.error ? { ok: false, text: state.error } : state.done && success ? { ok: true, text: success } : null,
    /** A form's onSubmit: the page stays, and the attempt runs. */
    submit<T>(event: FormEvent, task: Attempt<T>) {
      event.preventDefault();
      return run(task);
    },
    /** Forgets the last failure (a closed dialog, another mode). */
    reset: () => setState(IDLE),
    /** Changes the field errors shown (a field the user changed drops its own). */
    setFields: (update: (fields: FieldErrors) => FieldErrors) => setState((s) => ({ ...s, fields: update(s.fields) })),
  };
}
