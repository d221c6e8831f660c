'use client';

import { useEffect, useState, useSyncExternalStore, type FocusEvent } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the visitor's system asks for less motion; false on the server. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * A carousel's position and whether it moves (WCAG 2.2.2): it advances every
 * `intervalMs` unless the visitor paused it, asked their system for reduced motion
 * (then it only moves after Play), points at the slides or moves the keyboard focus
 * into it. The play/pause control itself does not stop it, or Play would do nothing.
 */
export function useCarousel(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const playing = choice ? choice === 'play' : !reducedMotion;
  const moving = playing && !hovered && !focused;

  // Restart the timer after every change, so a dot click gets its full interval.
  useEffect(() => {
    if (!moving) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [index, moving, count, intervalMs]);

  return {
    index,
    playing,
    moving,
    goTo: setIndex,
    togglePlaying: () => setChoice(playing ? 'pause' : 'play'),
    hoverProps: { onMouseEnter: () => setHovered(true), onMouseLeave: () => setHovered(false) },
    focusProps: {
      // Keyboard focus (focus-visible) stops it; a mouse click on a dot does not.
      onFocus: (event: FocusEvent<HTMLElement>) =>
        setFocused(event.target.matches(':focus-visible') && !event.target.hasAttribute('data-carousel-toggle')),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}
