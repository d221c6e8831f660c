'use client';

import { lazy, Suspense, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import type { OfferViewer } from '@/lib/envolvements/rules';
import { DIALOG_LINK } from './dialog-link';

// The dialog's code (its body, the offer's rules, the fetch) is loaded when a visitor first
// points at or focuses a card, not with the page: many visitors open none.
const loadPanel = () => import('./offer-dialog-panel');
const OfferDialogPanel = lazy(loadPanel);

type Opened = { id: string; title: string };

/** A click the page may take over: the main button, no key held to open a tab or a window. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Opens the offer dialog from the cards inside it. Each card is a link to its envolvement's
 * page, drawn on the server; a plain click on one opens the dialog over the list instead,
 * while a middle click, a click with a key held, "open in new tab" and "copy link" follow
 * the link as links do. One listener serves every card of the page.
 */
export function OfferDialogs({ viewer, children }: { viewer: OfferViewer; children: ReactNode }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const preloaded = useRef(false);
  const preload = () => {
    if (preloaded.current) return;
    preloaded.current = true;
    void loadPanel();
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !isPlainClick(event) || !(event.target instanceof Element)) return;
    const link = event.target.closest<HTMLAnchorElement>(`a[${DIALOG_LINK}]`);
    const id = link?.getAttribute(DIALOG_LINK);
    if (!link || !id) return;
    // Taken before the link's own handler, which would start the navigation.
    event.preventDefault();
    event.stopPropagation();
    setOpened({ id, title: link.textContent ?? '' });
  };
  return (
    // The listeners only catch events bubbling up from the links inside: they add no control.
    <div onClickCapture={onClick} onPointerOver={preload} onFocus={preload}>
      {children}
      <Dialog open={opened !== null} onOpenChange={(open) => !open && setOpened(null)}>
        {opened && (
          <Suspense fallback={null}>
            <OfferDialogPanel id={opened.id} title={opened.title} viewer={viewer} />
          </Suspense>
        )}
      </Dialog>
    </div>
  );
}
