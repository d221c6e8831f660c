'use client';

import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { lineIcon } from '@/components/ui/line-icon';
import { shareTargets } from '@/lib/share/links';

const ShareIcon = lineIcon(
  <>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </>,
  18,
);

type ShareButtonProps = {
  /** The page's path on this site, its public address (`/@handle`, `/envolvement/<id>`). */
  path: string;
  /** What is shared: a mail's subject, a post's first line. */
  title: string;
  className?: string;
  variant?: 'secondary' | 'primary';
};

type Copied = 'copied' | 'select' | null;

/**
 * Closes what `open` shows on a press outside `root`, on Escape, and, when it is drawn under
 * its button (`anchored`), once the page scrolls or the window changes size from under it.
 */
function useDismiss(open: boolean, anchored: boolean, root: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open || !anchored) return;
    window.addEventListener('scroll', close, { passive: true });
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close);
      window.removeEventListener('resize', close);
    };
  }, [open, anchored, close]);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open, root, close]);
}

/** Where the menu is drawn on a wide screen: under the button, its right edge at the button's. */
type Anchor = { top: number; right: number } | null;

/** The address to copy, said once copied, and the links to a mail and the networks. */
function SharePanel({ id, url, title, anchor }: { id: string; url: string; title: string; anchor: Anchor }) {
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

/**
 * Share this page: the device's own share sheet where the browser has one; else a menu with
 * the address to copy (said once copied) and links to a mail and the major networks, plain
 * links, with no script of theirs on the page.
 */
export function ShareButton({ path, title, className, variant = 'secondary' }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState(path);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [anchor, setAnchor] = useState<Anchor>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, anchor !== null, root, close);

  async function share() {
    const address = new URL(path, window.location.origin).href;
    setUrl(address);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: address });
        return;
      } catch (error) {
        // Closed without sharing: nothing to do. Refused (no user gesture left, say): the menu.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    const button = root.current?.getBoundingClientRect();
    const wide = window.matchMedia('(min-width: 640px)').matches;
    setAnchor(button && wide ? { top: button.bottom + 8, right: window.innerWidth - button.right } : null);
    setOpen((was) => !was);
  }

  return (
    <div ref={root} className={cn('relative inline-block', className)}>
      <button
        type="button"
        className={buttonClasses(variant, 'md')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => void share()}
        data-testid="share-button"
      >
        <ShareIcon />
        Share
      </button>
      {/* Drawn only while open: a page carries no hidden copy of it, and each opening starts afresh. */}
      {open && <SharePanel id={panelId} url={url} title={title} anchor={anchor} />}
    </div>
  );
}
