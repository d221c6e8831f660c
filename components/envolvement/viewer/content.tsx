'use client';

import dynamic from 'next/dynamic';
import { usePagePart } from '@/components/layout/viewer-context';
import { Skeleton } from '@/components/ui/skeleton';
import type { Category } from '@/lib/domain/categories';
import { useJoinedWelcome } from '../joined-welcome';
import { LockPanel } from '../lock-panel';
import { RemovedBanner } from '../removed-banner';

// The member tabs' code loads only for those who may read them.
// Loaded once someone has joined: nobody else sees it.
const WelcomePanel = dynamic(() => import('../welcome-panel').then((m) => m.WelcomePanel));

const MemberTabs = dynamic(() => import('./member-tabs').then((m) => m.MemberTabs), {
  loading: () => <ContentSkeleton />,
});

function ContentSkeleton() {
  return <Skeleton className="h-64 w-full rounded-2xl" />;
}

type ContentProps = { envolvementId: string; categories: Category[]; removed: boolean; creatorName?: string };

/**
 * Below the summary: the member tabs for the creator and members in good standing, else the
 * lock that stands over them (sign in, join, or access ended). A removed envolvement, which
 * only its creator and members open, says so above.
 */
export function EnvolvementContent({ envolvementId, categories, removed, creatorName }: ContentProps) {
  const part = usePagePart('envolvement');
  // Joined a moment ago in this tab (here, or from the offer dialog): their welcome comes first.
  const welcome = useJoinedWelcome(envolvementId);
  if (part === 'loading') return <ContentSkeleton />;
  return (
    <>
      {welcome && <WelcomePanel welcome={welcome} creatorName={creatorName} className="mb-6" focusOnShow />}
      {removed && part && <RemovedBanner isCreator={part.isCreator} membership={part.membership} />}
      {part?.tabs ? (
        <MemberTabs envolvementId={envolvementId} removed={removed} isCreator={part.isCreator} tabs={part.tabs} />
      ) : (
        <LockPanel
          envolvementId={envolvementId}
          categories={categories}
          action={part?.signedIn ? part.action : null}
          removed={removed}
          wait={part?.wait}
        />
      )}
    </>
  );
}
