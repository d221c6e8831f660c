import { ActivityList } from '@/components/envolvement/activity-list';
import { EnvolvementSummary } from '@/components/envolvement/envolvement-summary';
import { ErrorBannerProvider } from '@/components/envolvement/error-banner';
import { LockPanel } from '@/components/envolvement/lock-panel';
import { MembersList, PostUpdateForm } from '@/components/envolvement/lazy-tools';
import { MoreFromCreator } from '@/components/envolvement/more-from-creator';
import { RemovedBanner } from '@/components/envolvement/removed-banner';
import { JsonLd } from '@/components/seo/json-ld';
import { SubmissionsTab } from '@/components/submissions/submissions-tab';
import { PageNotice } from '@/components/ui/notice';
import { UnderlineTabs } from '@/components/ui/tabs';
import type { Viewer } from '@/lib/auth/types';
import { memberPage } from '@/lib/creator/members';
import type { EnvolvementView } from '@/lib/envolvements/queries';
import type { EnvolvementDto, MemberPage } from '@/lib/envolvements/types';
import { getRemovalImpact } from '@/lib/creator/removal';
import { isDeletedUserId } from '@/lib/domain/deleted-member';
import { moreFromCreator } from '@/lib/envolvements/creator-list';
import { offerViewerOf } from '@/lib/envolvements/offer-viewer';
import { offerAction, offerStatus, REMOVED_MESSAGE } from '@/lib/envolvements/rules';
import { envolvementJsonLd } from '@/lib/seo/json-ld';
import { mayWaitForSpot } from '@/lib/spot-waits/rules';
import { isWaiting } from '@/lib/spot-waits/service';

// The detail page's body, shared by the page served from the cache to visitors
// (app/(app)/envolvement/[id]/page.tsx) and the one rendered for a signed-in viewer (./rendered).

type TabsProps = {
  envolvement: EnvolvementDto;
  viewer: Viewer;
  posts: EnvolvementDto['activityPost'];
  members: MemberPage | null;
  isCreator: boolean;
  /** The tab a link names (`?tab=`); shown when this viewer has it. */
  tab?: string;
};

/** Activity for those who may read it, Submissions where allowed, Members for the creator. */
function EnvolvementTabs({ envolvement, viewer, posts, members, isCreator, tab }: TabsProps) {
  return (
    <UnderlineTabs
      label="Envolvement content"
      initial={tab}
      items={[
        {
          value: 'activity',
          label: 'Activity',
          content: (
            <div className="space-y-4">
              {isCreator && !envolvement.removed && <PostUpdateForm envolvementId={envolvement._id} />}
              <ActivityList
                posts={posts}
                isCreator={isCreator}
                comments={
                  envolvement.comments
                    ? { envolvementId: envolvement._id, creatorId: envolvement.userID, readOnly: envolvement.removed }
                    : null
                }
              />
            </div>
          ),
        },
        // The Submissions tab exists only where submissions are allowed.
        ...(envolvement.submissions.submissionsAllowed || envolvement.submissions.submissionsActive
          ? [
              {
                value: 'submissions',
                label: 'Submissions',
                content: <SubmissionsTab envolvement={envolvement} viewer={viewer} hasAccess />,
              },
            ]
          : []),
        ...(members
          ? [
              {
                value: 'members',
                label: 'Members',
                content: (
                  <MembersList envolvementId={envolvement._id} initial={members} removed={envolvement.removed} />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

export function RemovedNotice() {
  return (
    <PageNotice
      title="Envolvement Removed"
      message={REMOVED_MESSAGE}
      action={{ href: '/explore', label: 'Explore envolvements' }}
    />
  );
}

type EnvolvementPageBodyProps = {
  /** The envolvement as this viewer may read it, visible to them. */
  view: EnvolvementView;
  viewer: Viewer | null;
  /** The tab a link names (`?tab=`). */
  tab?: string;
};

export async function EnvolvementPageBody({ view, viewer, tab }: EnvolvementPageBodyProps) {
  const viewerId = viewer?.id ?? null;
  const { envolvement, mayReadActivity: canSee } = view;
  const isCreator = viewerId === envolvement.userID;
  const [members, impact, more] = await Promise.all([
    isCreator ? memberPage(envolvement._id) : null,
    isCreator && !envolvement.removed ? getRemovalImpact(envolvement._id) : null,
    // From the shared cache, for every viewer: a page served from the cache reads nothing more.
    isDeletedUserId(envolvement.userID) ? [] : moreFromCreator(envolvement.userID, envolvement._id),
  ]);
  const action = offerAction(envolvement, offerViewerOf(viewerId));
  const joinBar = isCreator || envolvement.removed ? null : action;
  // A sold-out offer this viewer may wait for, and whether they already do.
  const wait =
    viewerId && mayWaitForSpot(envolvement, viewerId)
      ? { envolvementId: envolvement._id, waiting: await isWaiting(envolvement._id, viewerId) }
      : null;

  return (
    <ErrorBannerProvider>
      {/* On phones the join bar is fixed to the foot of the screen: leave room for it. */}
      <article
        className={
          joinBar ? 'mx-auto max-w-5xl px-4 pt-6 pb-28 sm:px-6 md:py-8' : 'mx-auto max-w-5xl px-4 py-8 sm:px-6'
        }
      >
        <JsonLd data={envolvementJsonLd(envolvement)} />
        {envolvement.removed && <RemovedBanner isCreator={isCreator} membership={envolvement.membership} />}
        <EnvolvementSummary
          envolvement={envolvement}
          status={offerStatus(envolvement)}
          action={joinBar}
          creatorTools={isCreator ? impact : null}
          wait={wait}
        />
        <div className="mt-8">
          {!viewer || !canSee ? (
            <LockPanel
              envolvementId={envolvement._id}
              categories={envolvement.categories}
              action={viewer ? action : null}
              removed={envolvement.removed}
              wait={wait}
            />
          ) : (
            <EnvolvementTabs
              envolvement={envolvement}
              viewer={viewer}
              posts={envolvement.activityPost}
              members={members}
              isCreator={isCreator}
              tab={tab}
            />
          )}
        </div>
        <MoreFromCreator creatorId={envolvement.userID} username={envolvement.username} items={more} />
      </article>
    </ErrorBannerProvider>
  );
}
