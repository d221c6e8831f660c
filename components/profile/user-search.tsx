'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Avatar } from '@/components/layout/avatar';
import { profileSlug } from '@/lib/envolvements/rules';
import { SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT } from '@/lib/validation/users';
import { InfoTip } from './info-tip';

type Result = { user_id: string; nickname: string; picture: string | null };
type State = { status: 'idle' } | { status: 'loading' } | { status: 'done'; results: Result[] };

const DEBOUNCE_MS = 250;
const LIST_ID = 'user-search-results';

/** 'Search by username' with a dropdown of matches after a 250 ms pause (an ARIA combobox). */
export function UserSearch() {
  const router = useRouter();
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  useEffect(() => {
    const term = text.trim();
    setActive(-1);
    if (term.length < SEARCH_MIN_LENGTH) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading' });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/auth0_user_search?username=${encodeURIComponent(term)}`, {
          signal: controller.signal,
        });
        // A failed search reads as no results.
        const results = response.ok ? ((await response.json()) as Result[]) : [];
        setState({ status: 'done', results });
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setState({ status: 'done', results: [] });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const results = state.status === 'done' ? state.results : [];
  const open = state.status !== 'idle' && !closed;
  const go = (result: Result) => router.push(`/profile/${encodeURIComponent(profileSlug(result.user_id))}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    const term = text.trim();
    if (term.length < SEARCH_MIN_LENGTH) {
      setHint(SEARCH_TOO_SHORT);
      return;
    }
    const chosen = results[active] ?? results[0];
    if (chosen) go(chosen);
    // Still waiting for the dropdown: the results page answers the same question.
    else if (state.status !== 'done') router.push(`/profile/search/${encodeURIComponent(term)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      setClosed(true);
      return;
    }
    if (!results.length || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    setClosed(false);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    setActive((current) => (current + step + results.length) % results.length);
  }

  return (
    <form onSubmit={submit} role="search" className="relative">
      <div className="flex items-center gap-2">
        <label htmlFor="user-search" className="text-sm font-medium text-slate-800">
          Search by username
        </label>
        <InfoTip text="Type at least 3 letters of a nickname or name. Matching ignores upper and lower case." />
      </div>
      <input
        id="user-search"
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? LIST_ID : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${LIST_ID}-${active}` : undefined}
        aria-describedby={hint ? 'user-search-hint' : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setClosed(false);
          setHint(null);
        }}
        onKeyDown={onKeyDown}
        placeholder="e.g. maya"
        className="mt-2 h-12 w-full rounded-xl border border-slate-300 bg-white px-4 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      {hint && (
        <p id="user-search-hint" role="alert" className="mt-2 text-sm text-red-600">
          {hint}
        </p>
      )}
      {open && (
        <div
          className="absolute z-20 mt-2 max-h-60 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg"
          data-testid="user-search-results"
        >
          {state.status === 'loading' ? (
            <p className="flex items-center gap-2 p-4 text-sm text-slate-500" role="status">
              <span
                className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
                aria-hidden
              />
              Searching...
            </p>
          ) : results.length === 0 ? (
            <p className="p-4 text-sm text-slate-600" role="status">
              No users found
            </p>
          ) : (
            <ul id={LIST_ID} role="listbox" aria-label="Matching users">
              {results.map((result, i) => (
                <li
                  key={result.user_id}
                  id={`${LIST_ID}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onClick={() => go(result)}
                  onMouseEnter={() => setActive(i)}
                  className={`flex cursor-pointer items-center gap-3 px-4 py-2.5 ${i === active ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
                >
                  <Avatar name={result.nickname} picture={result.picture} size={32} />
                  <span className="truncate font-medium text-ink">{result.nickname}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
