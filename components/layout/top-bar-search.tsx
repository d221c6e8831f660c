'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { SearchIcon } from './icons';

/** Desktop search: trimmed, non-empty text goes to Explore as `q`. */
export function TopBarSearch() {
  const router = useRouter();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    router.push(`/explore?q=${q}`);
  }

  return (
    <form role="search" onSubmit={submit} className="relative hidden w-full max-w-md md:block">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        aria-label="Search envolvements"
        placeholder="Search envolvements"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-10 w-full rounded-full border border-slate-200 bg-slate-100 pr-4 pl-10 text-sm placeholder:text-slate-400 focus:border-brand-400 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
    </form>
  );
}
