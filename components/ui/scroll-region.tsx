'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

type ScrollRegionProps = {
  /** Names the region for assistive technology ('Earnings by envolvement'). */
  label: string;
  children: ReactNode;
  className?: string;
};

/**
 * A box that scrolls sideways when what it holds is wider than the screen (a table on a
 * phone), and says so: a fade over the edge that hides more, and the caption 'Scroll for
 * more', both gone once the end is reached or when everything fits. The page itself never
 * scrolls sideways.
 */
export function ScrollRegion({ label, children, className }: ScrollRegionProps) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // One pixel of slack: zoomed layouts round the widths.
    const measure = () => setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  return (
    <div className={className}>
      <div className="relative">
        <div ref={box} className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
          {children}
        </div>
        {more && (
          <div
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-0 w-12 bg-gradient-to-l from-white to-transparent"
            data-testid="scroll-fade"
          />
        )}
      </div>
      {more && (
        <p className="mt-2 px-3 text-right text-xs font-medium text-slate-500" data-testid="scroll-cue">
          Scroll for more <span aria-hidden>→</span>
        </p>
      )}
    </div>
  );
}
