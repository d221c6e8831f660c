'use client';

import { useEffect, useRef, useState } from 'react';
import type { CommentsState } from './use-comments';

// A notification links to `#comment-{id}`: the browser cannot scroll to a comment that
// arrives after the page, so the list does, loading further pages while the comment is
// not among those shown (a few at most: every update's list looks for it).
const MAX_PAGES = 5;
const LIT_MS = 3000;

function targetOfHash(): string | null {
  if (typeof window === 'undefined') return null;
  return /^#comment-([0-9a-f-]{36})$/i.exec(window.location.hash)?.[1] ?? null;
}

/** The comment the page opened on, scrolled into view and lit for a moment; its id while lit. */
export function useCommentHash({ items, loaded, loading, more, loadMore }: CommentsState): string | null {
  const [target, setTarget] = useState<string | null>(null);
  const [lit, setLit] = useState<string | null>(null);
  const pages = useRef(0);
  const found = useRef(false);

  // Read after the page commits: on a client-side navigation (a notification followed) the
  // address, hash included, is only updated then. A later hash change looks again.
  useEffect(() => {
    const look = () => {
      found.current = false;
      pages.current = 0;
      setTarget(targetOfHash());
    };
    look();
    window.addEventListener('hashchange', look);
    return () => window.removeEventListener('hashchange', look);
  }, []);

  useEffect(() => {
    if (!target || found.current || !loaded || loading) return;
    const element = document.getElementById(`comment-${target}`);
    if (element) {
      found.current = true;
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
      requestAnimationFrame(() => setLit(target));
      setTimeout(() => setLit(null), LIT_MS);
    } else if (more && pages.current < MAX_PAGES) {
      pages.current += 1;
      void loadMore();
    }
  }, [target, items, loaded, loading, more, loadMore]);

  return lit;
}
