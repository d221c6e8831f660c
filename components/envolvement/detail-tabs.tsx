'use client';

import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

const TRIGGER =
  'border-b-2 border-transparent px-1 pb-3 text-sm font-semibold text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700';

export function DetailTabs({ activity, submissions }: { activity: ReactNode; submissions: ReactNode | null }) {
  return (
    <Tabs.Root defaultValue="activity">
      <Tabs.List aria-label="Envolvement content" className="flex gap-6 border-b border-slate-200">
        <Tabs.Trigger value="activity" className={TRIGGER}>
          Activity
        </Tabs.Trigger>
        {submissions && (
          <Tabs.Trigger value="submissions" className={TRIGGER}>
            Submissions
          </Tabs.Trigger>
        )}
      </Tabs.List>
      <Tabs.Content value="activity" className="pt-6">
        {activity}
      </Tabs.Content>
      {submissions && (
        <Tabs.Content value="submissions" className="pt-6">
          {submissions}
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}
