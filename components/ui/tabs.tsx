'use client';

import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

const TRIGGER =
  'shrink-0 border-b-2 border-transparent px-0.5 pb-3 whitespace-nowrap sm:px-1 text-sm font-semibold text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700';

export type TabItem = { value: string; label: string; content: ReactNode };

/** Underlined tabs over Radix; the panels arrive already rendered (often by the server). */
export function UnderlineTabs({ label, items, className }: { label: string; items: TabItem[]; className?: string }) {
  return (
    <Tabs.Root defaultValue={items[0]?.value} className={className}>
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
