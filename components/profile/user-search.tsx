'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { Avatar } from '@/components/layout/avatar';
import { profileSlug } from '@/lib/envolvements/rules';

type Result = { user_id: string; nickname: string; picture: string | null };
type State = { status: 'idle' } | { status: 'loading' } | { status: 'done'; results: Result[] };

const DEBOUNCE_MS = 250;
const MIN_LENGTH = 3;

/** 'Search by username' with a dropdown of matches after a 250 ms pause. */
export function UserSearch() {
  const router = useRouter();
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });

  useEffect(() => {
    const term = text.trim();
    if (term.length < MIN_LENGTH) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading' });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/auth0_user_search?username=${encodeURIComponent(term)}`, { signal: controller.signal });
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

  const open = (result: Result) => router.push(`/profile/${encodeURIComponent(profileSlug(result.user_id))}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (state.status === 'done' && state.results[0]) open(state.results[0]);
    else if (text.trim().length >= MIN_LENGTH) router.push(`/profile/search/${encodeURIComponent(text.trim())}`);
  }

  return (
    <form onSubmit={submit} role="search" className="relative">
      <div className="flex items-center gap-2">
        <label htmlFor="user-search" className="text-sm font-medium text-slate-800">
          Search by username
        </label>
        <span
          tabIndex={0}
          title="Type at least 3 letters of a nickname or name. Matching ignores case."
          aria-label="Type at least 3 letters of a nickname or name. Matching ignores case."
          className="inline-flex h-5 w-5 cursor-help items-center justify-center rounded-full bg-slate-200 text-xs font-bold text-slate-600"
        >
          i
        </span>
      </div>
      <input
        id="user-search"
        type="search"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="e.g. maya"
        className="mt-2 h-12 w-full rounded-xl border border-slate-300 bg-white px-4 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      {state.status !== 'idle' && (
        <div className="absolute z-20 mt-2 max-h-60 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg" data-testid="user-search-results">
          {state.status === 'loading' ? (
            <p className="p-4 text-sm text-slate-500">Searching...</p>
          ) : state.results.length === 0 ? (
            <p className="p-4 text-sm text-slate-600">No users found</p>
          ) : (
            <ul>
              {state.results.map((result) => (
                <li key={result.user_id}>
                  <button type="button" onClick={() => open(result)} className="flex w-full items-center gap-3 px-4 py-2.5 text-left hover:bg-slate-50">
                    <Avatar name={result.nickname} picture={result.picture} size={32} />
                    <span className="font-medium text-ink">{result.nickname}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
