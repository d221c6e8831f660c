import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ActivityList } from '@/components/envolvement/activity-list';
import { EnvolvementSummary } from '@/components/envolvement/envolvement-summary';
import { ErrorBannerProvider } from '@/components/envolvement/error-banner';
import { LockPanel } from '@/components/envolvement/lock-panel';
import { PostUpdateForm } from '@/components/envolvement/lazy-tools';
import { MembersList } from '@/components/envolvement/members-list';
import { RemovedBanner } from '@/components/envolvement/removed-banner';
import { JsonLd } from '@/components/seo/json-ld';
import { SubmissionsTab } from '@/components/submissions/submissions-tab';
import { PageNotice } from '@/components/ui/notice';
import { UnderlineTabs } from '@/components/ui/tabs';
import type { Viewer } from '@/lib/auth/types';
import { getViewer } from '@/lib/auth/viewer';
import { memberPage } from '@/lib/envolvements/members';
import { getEnvolvementView } from '@/lib/envolvements/queries';
import type { EnvolvementDto, MemberPage } from '@/lib/envolvements/types';
import { getRemovalImpact } from '@/lib/envolvements/removal';
import { offerViewerOf } from '@/lib/envolvements/offer-viewer';
import { offerAction, offerStatus, REMOVED_MESSAGE, visibilityFor } from '@/lib/envolvements/rules';
import { envolvementJsonLd } from '@/lib/seo/json-ld';
import { envolvementMetadata } from '@/lib/seo/metadata';
import { isUuid } from '@/lib/validation/ids';
import { envolvementTabSchema } from '@/lib/validation/notifications';

type PageProps = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// One read per request, shared by the metadata and the page: the envolvement as this
// viewer may read it, with every post when they may read the activity.
const load = cache(async (id: string, viewerId: string | null) =>
  isUuid(id) ? getEnvolvementView(id, viewerId, 'all') : null,
);

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const [{ id }, viewer] = await Promise.all([params, getViewer()]);
  const viewerId = viewer?.id ?? null;
  const envolvement = (await load(id, viewerId))?.envolvement;
  // A draft this viewer may not see is as unknown to its metadata as to its page.
  return envolvementMetadata(envolvement && visibilityFor(envolvement, viewerId) !== 'not_found' ? envolvement : null);
}

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

function RemovedNotice() {
  return (
    <PageNotice
      title="Envolvement Removed"
      message={REMOVED_MESSAGE}
      action={{ href: '/explore', label: 'Explore envolvements' }}
    />
  );
}

export default async function EnvolvementPage({ params, searchParams }: PageProps) {
  const [{ id }, viewer, query] = await Promise.all([params, getViewer(), searchParams]);
  const viewerId = viewer?.id ?? null;
  const view = await load(id, viewerId);
  // A draft is its creator's (and its members'): to anyone else it does not exist.
  const visibility = view ? visibilityFor(view.envolvement, viewerId) : 'not_found';
  if (!view || visibility === 'not_found') notFound();
  const { envolvement, mayReadActivity: canSee } = view;
  // The proxy answers this state with 410 Gone.
  if (visibility === 'gone') return <RemovedNotice />;

  const isCreator = viewerId === envolvement.userID;
  const [members, impact] = await Promise.all([
    isCreator ? memberPage(envolvement._id) : null,
    isCreator && !envolvement.removed ? getRemovalImpact(envolvement._id) : null,
  ]);
  const action = offerAction(envolvement, offerViewerOf(viewerId));
  const joinBar = isCreator || envolvement.removed ? null : action;

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
        />
        <div className="mt-8">
          {!viewer || !canSee ? (
            <LockPanel
              envolvementId={envolvement._id}
              categories={envolvement.categories}
              action={viewer ? action : null}
              removed={envolvement.removed}
            />
          ) : (
            <EnvolvementTabs
              envolvement={envolvement}
              viewer={viewer}
              posts={envolvement.activityPost}
              members={members}
              isCreator={isCreator}
              tab={envolvementTabSchema.safeParse(query.tab).data}
            />
          )}
        </div>
      </article>
    </ErrorBannerProvider>
  );
}
