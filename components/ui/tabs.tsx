'use client';

import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

const TRIGGER =
  'shrink-0 border-b-2 border-transparent px-0.5 pb-3 whitespace-nowrap sm:px-1 text-sm font-semibold text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700';

export type TabItem = { value: string; label: string; content: ReactNode };

type UnderlineTabsProps = {
  label: string;
  items: TabItem[];
  /** The tab open at first (a link can name one); the first when it names none of the items. */
  initial?: string;
  className?: string;
};

/** Underlined tabs over Radix; the panels arrive already rendered (often by the server). */
export function UnderlineTabs({ label, items, initial, className }: UnderlineTabsProps) {
  const open = items.find((item) => item.value === initial)?.value ?? items[0]?.value;
  // Keyed by the tab asked for: a link to another tab of the same page opens it.
  return (
    <Tabs.Root key={open} defaultValue={open} className={className}>
      {/* Labels stay on one line; tabs that do not fit scroll sideways instead of widening the page. */}
      <Tabs.List aria-label={label} className="flex gap-3 overflow-x-auto border-b border-slate-200 sm:gap-6">
        {items.map((item) => (
          <Tabs.Trigger key={item.value} value={item.value} className={TRIGGER}>
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {items.map((item) => (
        <Tabs.Content key={item.value} value={item.value} className="pt-6">
          {item.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
