'use client';

import { useRouter } from 'next/navigation';
import { lazy, Suspense, useState, type FormEvent, type KeyboardEvent } from 'react';
import { stepOption, useSuggestions, type LoadSuggestions, type Suggestions } from '@/components/forms/use-suggestions';
import { api } from '@/lib/api-client';
import { SEARCH_TEXT_MAX, SUGGEST_MIN_LENGTH } from '@/lib/validation/search-limits';
import { SearchIcon } from './icons';
import type { SuggestAnswer } from './search-suggestions';

const LIST_ID = 'top-bar-suggestions';
const DELAY_MS = 200;

// The list is drawn only once someone searches, so its code is fetched when the box is first
// focused rather than with every page.
const loadList = () => import('./search-suggestions');
const SearchSuggestions = lazy(() => loadList().then((module) => ({ default: module.SearchSuggestions })));

const loadSuggestions: LoadSuggestions<SuggestAnswer> = (term, signal) =>
  api<SuggestAnswer>(`/api/search/suggest?q=${encodeURIComponent(term)}`, { signal });

const optionId = (index: number) => `${LIST_ID}-${index}`;

/** What the live region says of an answer, and what the list shows when it has no options. */
function describe(state: Suggestions<SuggestAnswer>, count: number): string {
  if (state.status === 'error') return 'Could not load suggestions';
  if (state.status !== 'done') return '';
  return count === 0 ? 'No suggestions' : `${count} suggestion${count === 1 ? '' : 's'}`;
}

/** The box's text, whether its list is open, the highlighted option and the keys that move it. */
function useTopBarSearch() {
  const router = useRouter();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const term = text.trim();
  const state = useSuggestions(
    term.replace(/\s/g, '').length >= SUGGEST_MIN_LENGTH ? term : null,
    loadSuggestions,
    DELAY_MS,
  );
  const count = state.status === 'done' ? state.results.envolvements.length + state.results.creators.length : 0;
  const shown = open && state.status !== 'idle';

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function change(value: string) {
    setText(value);
    setOpen(true);
    setActive(-1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!term) return;
    close();
    router.push(`/explore?q=${encodeURIComponent(term)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const key = event.key;
    // Keys that pick a word in an input method are the input method's.
    if (event.nativeEvent.isComposing) return;
    if (key === 'Escape') {
      // A search field clears itself on Escape: here the first Escape only closes the list.
      event.preventDefault();
      if (shown) close();
      else change('');
    } else if (key === 'Enter' && shown && active >= 0) {
      // The option is a link: clicking it navigates the way a pointer would.
      event.preventDefault();
      document.getElementById(optionId(active))?.click();
    } else if ((key === 'ArrowDown' || key === 'ArrowUp') && state.status !== 'idle') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => stepOption(open ? current : -1, count, key));
    }
  }

  /** After an option is opened in this tab, the box is left empty for the next search. */
  function chosen() {
    setText('');
    close();
  }

  return { text, change, state, shown, count, active, submit, onKeyDown, close, reopen: () => setOpen(true), chosen };
}

/** Desktop search: suggestions as one types, and trimmed, non-empty text goes to Explore as `q`. */
export function TopBarSearch() {
  const search = useTopBarSearch();
  const { state, shown, active } = search;
  const expanded = shown && search.count > 0;
  const message = describe(state, search.count);
  return (
    <form action="/explore" role="search" onSubmit={search.submit} className="relative hidden w-full max-w-md md:block">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        name="q"
        role="combobox"
        aria-label="Search envolvements"
        aria-expanded={expanded}
        aria-controls={expanded ? LIST_ID : undefined}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        maxLength={SEARCH_TEXT_MAX}
        placeholder="Search envolvements"
        value={search.text}
        onChange={(e) => search.change(e.target.value)}
        onKeyDown={search.onKeyDown}
        onFocus={() => {
          void loadList();
          search.reopen();
        }}
        onBlur={search.close}
        className="h-10 w-full rounded-full border border-slate-200 bg-slate-100 pr-4 pl-10 text-sm placeholder:text-slate-400 focus:border-brand-400 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <p role="status" className="sr-only">
        {shown ? message : ''}
      </p>
      {shown && (
        <Suspense fallback={null}>
          <SearchSuggestions
            state={state}
            message={message}
            listId={LIST_ID}
            optionId={optionId}
            active={active}
            onChoose={search.chosen}
          />
        </Suspense>
      )}
    </form>
  );
}
