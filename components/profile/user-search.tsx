'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { stepOption, useSuggestions, type LoadSuggestions } from '@/components/forms/use-suggestions';
import { Avatar } from '@/components/layout/avatar';
import { api } from '@/lib/api-client';
import { profilePath } from '@/lib/seo/urls';
import { SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT } from '@/lib/validation/users';
import { InfoTip } from './info-tip';

type Result = { user_id: string; nickname: string; name: string; picture: string | null };
type State = { status: 'idle' } | { status: 'loading' } | { status: 'done'; results: Result[] };

const DEBOUNCE_MS = 250;
const LIST_ID = 'user-search-results';

type MatchesProps = {
  state: Exclude<State, { status: 'idle' }>;
  active: number;
  setActive: (index: number) => void;
  go: (result: Result) => void;
};

function Matches({ state, active, setActive, go }: MatchesProps) {
  return (
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
      ) : state.results.length === 0 ? (
        <p className="p-4 text-sm text-slate-600" role="status">
          No users found
        </p>
      ) : (
        <ul id={LIST_ID} role="listbox" aria-label="Matching users">
          {state.results.map((result, i) => (
            <li
              key={result.user_id}
              id={`${LIST_ID}-${i}`}
              role="option"
              aria-selected={i === active}
              onClick={() => go(result)}
              onMouseEnter={() => setActive(i)}
              className={`flex cursor-pointer items-center gap-3 px-4 py-2.5 ${i === active ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
            >
              <Avatar name={result.name} picture={result.picture} size={32} />
              <span className="truncate font-medium text-ink">{result.name}</span>
              <span className="truncate text-xs text-slate-500">@{result.nickname}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// A failed search reads as no results, as the spec has it.
const loadMatches: LoadSuggestions<Result[]> = (term, signal) =>
  api<Result[]>(`/api/auth0_user_search?username=${encodeURIComponent(term)}`, { signal }).catch(() => []);

/** The matches for a term of 3 or more characters, asked for after a 250 ms pause. */
function useMatches(text: string): State {
  const term = text.trim();
  const state = useSuggestions(term.length >= SEARCH_MIN_LENGTH ? term : null, loadMatches, DEBOUNCE_MS);
  // The loader never fails, so an error cannot arrive; were it to, it reads as no results.
  return state.status === 'error' ? { status: 'done', results: [] } : state;
}

/** The search box's text, the highlighted match and the keys that move it. */
function useSearchBox() {
  const router = useRouter();
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  const state = useMatches(text);

  const results = state.status === 'done' ? state.results : [];
  const open = state.status !== 'idle' && !closed;
  const go = (result: Result) => router.push(profilePath(result.nickname));

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
    const key = event.key;
    if (!results.length || (key !== 'ArrowDown' && key !== 'ArrowUp')) return;
    event.preventDefault();
    setClosed(false);
    setActive((current) => stepOption(current, results.length, key));
  }

  function change(value: string) {
    setText(value);
    setActive(-1);
    setClosed(false);
    setHint(null);
  }

  return { text, change, state, active, setActive, open, hint, go, submit, onKeyDown };
}

/** 'Search by username' with a dropdown of matches after a 250 ms pause (an ARIA combobox). */
export function UserSearch() {
  const { text, change, state, active, setActive, open, hint, go, submit, onKeyDown } = useSearchBox();
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
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="e.g. maya"
        className="mt-2 h-12 w-full rounded-xl border border-slate-300 bg-white px-4 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      {hint && (
        <p id="user-search-hint" role="alert" className="mt-2 text-sm text-red-600">
          {hint}
        </p>
      )}
      {open && state.status !== 'idle' && <Matches state={state} active={active} setActive={setActive} go={go} />}
    </form>
  );
}
