'use client';

import { useEffect, useState } from 'react';
import { JoinPrompt } from '@/components/submissions/join-prompt';
import { UnderlineTabs, type TabItem } from '@/components/ui/tabs';
import { NOT_ENABLED } from '@/lib/domain/submission-status';
import type { EnvolvementTabsPart, SubmissionsPart } from '@/lib/viewer/types';
import { ActivityList } from '../activity-list';
import { CreatorSubmissions, MembersList, PostUpdateForm, SubmissionForm } from '../lazy-tools';

function SubmissionsTab({ envolvementId, part }: { envolvementId: string; part: SubmissionsPart }) {
  switch (part.kind) {
    case 'creator':
      return <CreatorSubmissions envolvementId={envolvementId} {...part} />;
    case 'not_enabled':
      return <p className="rounded-xl bg-slate-50 p-8 text-center text-slate-600">{NOT_ENABLED}</p>;
    case 'join':
      return <JoinPrompt envolvementId={envolvementId} />;
    case 'member':
      return <SubmissionForm envolvementId={envolvementId} {...part} />;
  }
}

type MemberTabsProps = { envolvementId: string; removed: boolean; isCreator: boolean; tabs: EnvolvementTabsPart };

/**
 * Activity for those who may read it, Submissions where allowed, Members for the creator. A
 * link may name the tab to open (`?tab=`, as notifications do).
 */
export function MemberTabs({ envolvementId, removed, isCreator, tabs }: MemberTabsProps) {
  // The page is the same for every address it is reached at: the tab is read in the browser,
  // which alone draws these tabs (they come with the viewer's parts).
  const [initial] = useState(() =>
    typeof window === 'undefined' ? undefined : (new URLSearchParams(window.location.search).get('tab') ?? undefined),
  );
  // A link to an update (`#update-…`) names what was not on the page when it arrived.
  useEffect(() => {
    const target = window.location.hash.startsWith('#update-')
      ? document.getElementById(window.location.hash.slice(1))
      : null;
    target?.scrollIntoView();
  }, []);
  const items: TabItem[] = [
    {
      value: 'activity',
      label: 'Activity',
      content: (
        <div className="space-y-4">
          {tabs.mayPost && <PostUpdateForm envolvementId={envolvementId} />}
          <ActivityList
            posts={tabs.posts}
            isCreator={isCreator}
            comments={tabs.comments ? { envolvementId, ...tabs.comments } : null}
          />
        </div>
      ),
    },
    ...(tabs.submissions
      ? [
          {
            value: 'submissions',
            label: 'Submissions',
            content: <SubmissionsTab envolvementId={envolvementId} part={tabs.submissions} />,
          },
        ]
      : []),
    ...(tabs.members
      ? [
          {
            value: 'members',
            label: 'Members',
            content: <MembersList envolvementId={envolvementId} initial={tabs.members} removed={removed} />,
          },
        ]
      : []),
  ];
  return <UnderlineTabs label="Envolvement content" initial={initial} items={items} />;
}
