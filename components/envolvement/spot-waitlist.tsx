'use client';

import { useApiAction } from '@/components/forms/use-api-action';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api, messageOf } from '@/lib/api-client';
import { WAIT_TEXTS } from '@/lib/spot-waits/rules';

const WAIT_FAILED = 'Could not update your place on the waiting list. Please try again.';

// What this page knows of the viewer's waits, by envolvement: the detail page shows the
// control twice (the join bar and the lock panel), and a change in one shows in both. An
// entry lives while a control shows it; the next page starts again from the server's word.
const known = new Map<string, boolean>();
const listeners = new Set<() => void>();

function setKnown(envolvementId: string, waiting: boolean) {
  known.set(envolvementId, waiting);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The viewer's wait (null while it is read), how to change it, and why it could not be
 * read: from the server's render when it gave one (`initial`), else from the API.
 */
function useSpotWait(envolvementId: string, initial: boolean | undefined) {
  const [loadError, setLoadError] = useState<string | null>(null);
  const waiting = useSyncExternalStore(
    subscribe,
    () => known.get(envolvementId) ?? initial ?? null,
    () => initial ?? null,
  );
  useEffect(() => {
    if (initial !== undefined) {
      setKnown(envolvementId, initial);
      return () => void known.delete(envolvementId);
    }
    const controller = new AbortController();
    api<{ waiting: boolean }>(`/api/post/${envolvementId}/waitlist`, {
      signal: controller.signal,
      fallback: WAIT_FAILED,
    })
      .then((state) => setKnown(envolvementId, state.waiting))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        // Asking again still works: the button shows, with what went wrong above it.
        setKnown(envolvementId, false);
        setLoadError(messageOf(failure, WAIT_FAILED));
      });
    return () => {
      controller.abort();
      known.delete(envolvementId);
    };
  }, [envolvementId, initial]);
  return { waiting, setWaiting: (next: boolean) => setKnown(envolvementId, next), loadError };
}

type SpotWaitlistProps = {
  envolvementId: string;
  /** Whether the viewer waits, when the server read it; the control asks the API otherwise. */
  waiting?: boolean;
  /** Why nobody can join now ('Every spot has been taken.'), said under the button. */
  reason: string;
  /** Makes the ids of this copy unique on the page. */
  id: string;
  className?: string;
};

function buttonLabel(waiting: boolean | null, busy: boolean): string {
  if (waiting === null) return 'Checking…';
  if (waiting) return busy ? 'Stopping…' : WAIT_TEXTS.stop;
  return busy ? 'Asking…' : WAIT_TEXTS.ask;
}

/**
 * A sold-out offer's action for a signed-in viewer who may wait: 'Tell me when a spot
 * opens', and once asked, that they will be told, with 'Stop waiting'.
 */
export function SpotWaitlist({ envolvementId, waiting: initial, reason, id, className }: SpotWaitlistProps) {
  const { waiting, setWaiting, loadError } = useSpotWait(envolvementId, initial);
  const { busy, formError, run } = useApiAction({ message: WAIT_FAILED });
  const change = (method: 'POST' | 'DELETE') =>
    run({
      async send() {
        const state = await api<{ waiting: boolean }>(`/api/post/${envolvementId}/waitlist`, {
          method,
          fallback: WAIT_FAILED,
        });
        setWaiting(state.waiting);
      },
    });
  const noteId = `${id}-wait-note`;
  const label = buttonLabel(waiting, busy);

  // One button whose words change, so that it keeps the keyboard's focus when clicked, and
  // one line under it that says where the viewer stands, read out when it changes.
  return (
    <div className={cn('flex flex-col gap-1', className)} data-testid="spot-waitlist">
      <FormAlert message={formError ?? loadError} className="text-center text-xs" />
      <Button
        variant={waiting ? 'secondary' : 'primary'}
        className="w-full"
        aria-describedby={noteId}
        disabled={busy || waiting === null}
        onClick={() => void change(waiting ? 'DELETE' : 'POST')}
      >
        {label}
      </Button>
      <p
        id={noteId}
        role="status"
        className={cn('text-center text-xs', waiting ? 'font-semibold text-ink' : 'text-slate-600')}
      >
        {waiting ? WAIT_TEXTS.waiting : reason}
      </p>
    </div>
  );
}
