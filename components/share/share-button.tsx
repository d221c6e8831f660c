'use client';

import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { lineIcon } from '@/components/ui/line-icon';
import type { Anchor } from './share-panel';

// The menu's code loads on the first press: most visitors never open it.
const SharePanel = lazy(() => import('./share-panel').then((m) => ({ default: m.SharePanel })));

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
      {open && (
        <Suspense fallback={null}>
          <SharePanel id={panelId} url={url} title={title} anchor={anchor} />
        </Suspense>
      )}
    </div>
  );
}
