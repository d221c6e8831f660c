'use client';

import { useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { shareTargets } from '@/lib/share/links';

type Copied = 'copied' | 'select' | null;

/** Where the menu is drawn on a wide screen: under the button, its right edge at the button's. */
export type Anchor = { top: number; right: number } | null;

/** The address to copy, said once copied, and the links to a mail and the networks. */
export function SharePanel({ id, url, title, anchor }: { id: string; url: string; title: string; anchor: Anchor }) {
  const [copied, setCopied] = useState<Copied>(null);
  const field = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      // No clipboard here (a page not served over HTTPS): the address is selected to copy by hand.
      field.current?.select();
      setCopied('select');
    }
  }
  return (
    // On a phone a sheet across the foot of the screen, wherever the button is; beside it on wider ones.
    <div
      id={id}
      // Fixed, so that a card's rounded, clipped frame around the button never cuts it off.
      className="fixed inset-x-4 bottom-4 z-40 rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:inset-x-auto sm:bottom-auto sm:w-72"
      style={anchor ? { top: anchor.top, right: anchor.right } : undefined}
      data-testid="share-panel"
    >
      <label htmlFor={`${id}-url`} className="text-sm font-semibold text-ink">
        Link to this page
      </label>
      <div className="mt-2 flex gap-2">
        <input
          ref={field}
          id={`${id}-url`}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-2 text-sm text-slate-700"
        />
        <button type="button" className={buttonClasses('primary', 'sm')} onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-green-700">
        {copied === 'copied' ? 'Link copied.' : copied === 'select' ? 'Press Ctrl+C (⌘C on a Mac) to copy it.' : ''}
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-1 text-sm" aria-label="Share on">
        {shareTargets({ url, title }).map((target) => (
          <li key={target.name}>
            <a
              href={target.href}
              target={target.href.startsWith('mailto:') ? undefined : '_blank'}
              rel="noopener noreferrer"
              className="block rounded-lg px-2 py-1.5 font-medium text-brand-700 hover:bg-slate-50"
            >
              {target.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
