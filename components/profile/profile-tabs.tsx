'use client';

import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

const TRIGGER =
  'border-b-2 border-transparent px-1 pb-3 text-sm font-semibold text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700';

/** 'My Envolvements' and 'Purchased Envolvements'; both lists come rendered from the server. */
export function ProfileTabs({ mine, purchased }: { mine: ReactNode; purchased: ReactNode }) {
  return (
    <Tabs.Root defaultValue="my" className="mt-8">
      <Tabs.List aria-label="Your envolvements" className="flex gap-6 border-b border-slate-200">
        <Tabs.Trigger value="my" className={TRIGGER}>
          My Envolvements
        </Tabs.Trigger>
        <Tabs.Trigger value="purchased" className={TRIGGER}>
          Purchased Envolvements
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="my" className="pt-6">
        {mine}
      </Tabs.Content>
      <Tabs.Content value="purchased" className="pt-6">
        {purchased}
      </Tabs.Content>
    </Tabs.Root>
  );
}
