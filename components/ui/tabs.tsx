'use client';

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const LOOKS = {
  // Page sections. On phones the tabs share the row equally and a long label wraps inside its
  // tab, so every label is seen whole (a row that scrolled sideways cut 'Purchased
  // Envolvements' at the screen's edge); from sm up each label stays on one line.
  underline: {
    list: 'flex gap-2 border-b border-slate-200 sm:gap-6',
    tab: 'flex-1 border-b-2 border-transparent px-1 pb-3 text-center text-sm font-semibold text-balance text-slate-500 hover:text-slate-800 aria-selected:border-brand-600 aria-selected:text-brand-700 sm:flex-none sm:text-left sm:whitespace-nowrap',
    panel: 'pt-6',
  },
  // Two or three views of one thing, side by side in a grey track.
  segmented: {
    list: 'inline-flex gap-1 rounded-lg bg-slate-200 p-1',
    tab: 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 aria-selected:bg-white aria-selected:text-ink aria-selected:shadow-sm',
    panel: 'pt-4',
  },
};

export type TabItem = { value: string; label: string; content: ReactNode };

type TabsProps = {
  label: string;
  items: TabItem[];
  /** The tab open at first (a link can name one); the first when it names none of the items. */
  initial?: string;
  look?: keyof typeof LOOKS;
  className?: string;
  'data-testid'?: string;
};

/** Tabs whose panels arrive already rendered (often by the server). */
export function Tabs({ items, initial, ...props }: TabsProps) {
  const open = items.find((item) => item.value === initial)?.value ?? items[0]?.value;
  // Keyed by the tab asked for: a link to another tab of the same page opens it.
  return <TabSet key={open} items={items} initial={open} {...props} />;
}

export function UnderlineTabs(props: Omit<TabsProps, 'look'>) {
  return <Tabs {...props} look="underline" />;
}

// The WAI-ARIA tabs pattern: one tab stop for the list, arrow keys (and Home, End) move
// between tabs and show the one they land on; only the open panel is in the page.
function TabSet({ label, items, initial, look = 'underline', className, ...props }: TabsProps) {
  const styles = LOOKS[look];
  const [open, setOpen] = useState(initial);
  const id = useId();
  const list = useRef<HTMLDivElement>(null);

  function move(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const to: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = to[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setOpen(items[target]!.value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
  }

  return (
    <div className={className} data-testid={props['data-testid']}>
      <div ref={list} role="tablist" aria-label={label} className={styles.list}>
        {items.map((item, index) => {
          const selected = item.value === open;
          return (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={selected}
              aria-controls={selected ? `${id}-panel-${index}` : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => setOpen(item.value)}
              onKeyDown={(event) => move(event, index)}
              className={styles.tab}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, index) =>
        item.value === open ? (
          <div
            key={item.value}
            role="tabpanel"
            id={`${id}-panel-${index}`}
            aria-labelledby={`${id}-tab-${index}`}
            tabIndex={0}
            className={styles.panel}
          >
            {item.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
