'use client';

import { useEffect, useState } from 'react';

/** What a search box shows under its text: nothing yet, a wait, the answer, or a failure. */
export type Suggestions<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'done'; results: T } | { status: 'error' };

/** Asks the server for the suggestions of a term; aborts when the signal says so. */
export type LoadSuggestions<T> = (term: string, signal: AbortSignal) => Promise<T>;

/**
 * The suggestions for `term`, asked for once typing pauses for `delayMs`; `null` means the
 * text is too short to ask about. Each new term aborts the request before it, and an
 * answer is kept with the term it answers, so a late reply to an older term never shows
 * under a newer one. `load` should be defined once, outside the component.
 */
export function useSuggestions<T>(term: string | null, load: LoadSuggestions<T>, delayMs: number): Suggestions<T> {
  const [answer, setAnswer] = useState<{ term: string; state: Suggestions<T> } | null>(null);
  useEffect(() => {
    if (term === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      load(term, controller.signal).then(
        (results) => !controller.signal.aborted && setAnswer({ term, state: { status: 'done', results } }),
        () => !controller.signal.aborted && setAnswer({ term, state: { status: 'error' } }),
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, load, delayMs]);
  if (term === null) return { status: 'idle' };
  return answer?.term === term ? answer.state : { status: 'loading' };
}

/** The option after (`ArrowDown`) or before (`ArrowUp`) `current` among `count`, wrapping round. */
export function stepOption(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return (current + 1) % count;
  return current <= 0 ? count - 1 : current - 1;
}
