'use client';

import Link from 'next/link';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import type { Suggestions } from '@/components/forms/use-suggestions';
import type { Suggestions as SuggestAnswer } from '@/lib/envolvements/suggest';
import { envolvementPath, profilePath } from '@/lib/seo/urls';
import { Avatar } from './avatar';

// The answer of GET /api/search/suggest, typed as the server makes it (the import is erased).
export type { SuggestAnswer };

type SearchSuggestionsProps = {
  state: Suggestions<SuggestAnswer>;
  /** What the box's live region says: shown here too when there are no options to show. */
  message: string;
  listId: string;
  optionId: (index: number) => string;
  /** The highlighted option, counted across both groups; -1 for none. */
  active: number;
  /** Called when an option is opened in this tab. */
  onChoose: () => void;
};

function Status({ children }: { children: ReactNode }) {
  return <p className="flex items-center gap-2 px-4 py-3 text-sm text-slate-500">{children}</p>;
}

function Group({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={id} className="py-1">
      <div id={id} className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {label}
      </div>
      {children}
    </div>
  );
}

/** What every option needs from the list: its ids, the highlight and what choosing does. */
type OptionList = Pick<SearchSuggestionsProps, 'optionId' | 'active' | 'onChoose'>;

type OptionProps = { list: OptionList; index: number; href: string; children: ReactNode };

// The option is the link itself, so a middle click or "open in new tab" works on it. It stays
// out of the tab order: the focus remains in the box, which points at it (aria-activedescendant).
function Option({ list, index, href, children }: OptionProps) {
  const selected = index === list.active;
  const open = (event: MouseEvent) => {
    // A click that opens another tab or window leaves the search as it is.
    if (!event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) list.onChoose();
  };
  return (
    <Link
      id={list.optionId(index)}
      href={href}
      prefetch={false}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      onClick={open}
      className={`flex min-w-0 items-center gap-3 px-4 py-2 text-sm ${selected ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
    >
      {children}
    </Link>
  );
}

/**
 * The top bar's suggestions: envolvements, then creators. One listbox with a group for each,
 * rather than two listboxes: the box controls one popup and the arrow keys walk one list, and
 * NVDA and JAWS read a group's label as the highlight enters it. VoiceOver does not read group
 * labels, so each option says what it is in its own text too: "by …" under an envolvement's
 * title, the @handle beside a creator's name.
 */
export function SearchSuggestions({ state, message, listId, optionId, active, onChoose }: SearchSuggestionsProps) {
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, optionId]);
  if (state.status === 'idle') return null;
  return (
    // Pressing on the list must not take the focus from the box: its blur would close the list
    // before the click lands.
    <div
      onMouseDown={(e) => e.preventDefault()}
      className="absolute inset-x-0 top-full z-40 mt-2 max-h-[min(34rem,calc(100vh-5rem))] overflow-y-auto rounded-2xl border border-slate-200 bg-white py-1 text-left shadow-lg"
      data-testid="top-bar-suggestions"
    >
      {state.status === 'loading' ? (
        <Status>
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
            aria-hidden
          />
          Searching…
        </Status>
      ) : state.status === 'error' || state.results.envolvements.length + state.results.creators.length === 0 ? (
        <Status>{message}</Status>
      ) : (
        <Options answer={state.results} listId={listId} optionId={optionId} active={active} onChoose={onChoose} />
      )}
    </div>
  );
}

type OptionsProps = OptionList & { answer: SuggestAnswer; listId: string };

function Options({ answer: { envolvements, creators }, listId, ...list }: OptionsProps) {
  return (
    <div id={listId} role="listbox" aria-label="Suggestions">
      {envolvements.length > 0 && (
        <Group id={`${listId}-envolvements`} label="Envolvements">
          {envolvements.map((e, i) => (
            <Option key={e.id} list={list} index={i} href={envolvementPath(e.id)}>
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium text-ink">{e.title}</span>
                <span className="truncate text-xs text-slate-500">by {e.creator.name}</span>
              </span>
            </Option>
          ))}
        </Group>
      )}
      {creators.length > 0 && (
        <Group id={`${listId}-creators`} label="Creators">
          {creators.map((c, j) => (
            <Option key={c.id} list={list} index={envolvements.length + j} href={profilePath(c.handle)}>
              <Avatar name={c.name} picture={c.picture} size={28} />
              <span className="truncate font-medium text-ink">{c.name}</span>
              <span className="truncate text-xs text-slate-500">@{c.handle}</span>
            </Option>
          ))}
        </Group>
      )}
    </div>
  );
}
