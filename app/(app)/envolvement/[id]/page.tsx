import { format } from 'date-fns';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ActivityList } from '@/components/envolvement/activity-list';
import { CategoryChips } from '@/components/envolvement/category-chips';
import { CoverImage } from '@/components/envolvement/cover-image';
import { DateTiles } from '@/components/envolvement/date-tiles';
import { DeleteEnvolvement } from '@/components/envolvement/delete-envolvement';
import { EditEnvolvement } from '@/components/envolvement/edit-envolvement';
import { ErrorBannerProvider } from '@/components/envolvement/error-banner';
import { LockPanel } from '@/components/envolvement/lock-panel';
import { PostUpdateForm } from '@/components/envolvement/post-update-form';
import { Avatar } from '@/components/layout/avatar';
import { MembersList } from '@/components/envolvement/members-list';
import { RemovedBanner } from '@/components/envolvement/removed-banner';
import { JsonLd } from '@/components/seo/json-ld';
import { SubmissionsTab } from '@/components/submissions/submissions-tab';
import { buttonClasses } from '@/components/ui/button';
import { PageNotice } from '@/components/ui/notice';
import { UnderlineTabs } from '@/components/ui/tabs';
import type { Viewer } from '@/lib/auth/types';
import { getViewer } from '@/lib/auth/viewer';
import { memberPage } from '@/lib/envolvements/members';
import { getEnvolvementView } from '@/lib/envolvements/queries';
import type { EnvolvementDto, MemberPage } from '@/lib/envolvements/types';
import { getRemovalImpact } from '@/lib/envolvements/removal';
import { formatPrice, maySee, profileSlug, REMOVED_MESSAGE, spotsLabel } from '@/lib/envolvements/rules';
import { envolvementJsonLd } from '@/lib/seo/json-ld';
import { envolvementMetadata } from '@/lib/seo/metadata';
import { isUuid } from '@/lib/validation/ids';

type PageProps = { params: Promise<{ id: string }> };

// One read per request, shared by the metadata and the page: the envolvement as this
// viewer may read it, with every post when they may read the activity.
const load = cache(async (id: string, viewerId: string | null) =>
  isUuid(id) ? getEnvolvementView(id, viewerId, 'all') : null,
);

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const [{ id }, viewer] = await Promise.all([params, getViewer()]);
  return envolvementMetadata((await load(id, viewer?.id ?? null))?.envolvement);
}

type Impact = Awaited<ReturnType<typeof getRemovalImpact>>;

/** Who posted it and when, then its price and the spots left. */
function CreatorAndFacts({ envolvement }: { envolvement: EnvolvementDto }) {
  return (
    <>
      <div className="flex items-center gap-3">
        <Avatar name={envolvement.username} picture={envolvement.userPicture} size={40} />
        <p className="text-sm text-slate-600">
          Posted by{' '}
          <Link
            href={`/profile/${encodeURIComponent(profileSlug(envolvement.userID))}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            {envolvement.username}
          </Link>
          <br />
          <time dateTime={envolvement.datePublished}>{format(new Date(envolvement.datePublished), 'MMM d, yyyy')}</time>
        </p>
      </div>
      <dl className="flex flex-wrap gap-8">
        <div>
          <dt className="text-xs font-medium text-slate-500">Price</dt>
          <dd className="text-xl font-bold text-ink">{formatPrice(envolvement.priceCents)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Spots Left</dt>
          <dd className="text-xl font-bold text-ink" data-testid="spots-left">
            {spotsLabel(envolvement.quantity).replace('/', ' / ')}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** The envolvement itself: cover, state, title, creator, price, spots, text and dates. */
function EnvolvementCard({
  envolvement,
  signedIn,
  creatorTools,
}: {
  envolvement: EnvolvementDto;
  signedIn: boolean;
  /** For its creator: what deleting it would do, which also shows Edit and Delete. */
  creatorTools: Impact | null;
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <CoverImage src={envolvement.imgUrl} className="h-[400px] w-full" />
      <div className="space-y-5 p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span
            className={
              envolvement.active
                ? 'rounded-full bg-green-100 px-3 py-1 text-xs font-bold text-green-800'
                : 'rounded-full bg-slate-200 px-3 py-1 text-xs font-bold text-slate-700'
            }
          >
            {envolvement.active ? 'ACTIVE' : 'INACTIVE'}
          </span>
          {creatorTools && (
            <div className="flex gap-2">
              <EditEnvolvement envolvement={envolvement} />
              <DeleteEnvolvement envolvementId={envolvement._id} impact={creatorTools} />
            </div>
          )}
        </div>
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">{envolvement.title}</h1>
        <CategoryChips categories={envolvement.categories} />
        <CreatorAndFacts envolvement={envolvement} />
        {signedIn ? (
          <p className="whitespace-pre-line text-slate-700">{envolvement.description || envolvement.previewText}</p>
        ) : (
          <p className="text-slate-700">{envolvement.previewText}</p>
        )}
        {signedIn && (
          <DateTiles
            tiles={[
              { label: 'End Date', value: envolvement.endDate.endDate },
              { label: 'Submissions Deadline', value: envolvement.submissions.submissionDeadline },
              { label: 'Release Date', value: envolvement.published.publishedReleaseDate },
              { label: 'Target Date', value: envolvement.targetEnvolvmentDate },
            ]}
          />
        )}
      </div>
    </div>
  );
}

function SignInPanel({ envolvementId }: { envolvementId: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-10 text-center shadow-sm">
      <h2 className="text-lg font-bold text-ink">Access Required</h2>
      <p className="mt-1 text-sm text-slate-600">Please log in to view this Envolvement</p>
      <Link
        href={`/login?callbackUrl=/envolvement/${envolvementId}`}
        className={buttonClasses('primary', 'md', 'mt-6')}
      >
        Log In
      </Link>
    </div>
  );
}

type TabsProps = {
  envolvement: EnvolvementDto;
  viewer: Viewer;
  posts: EnvolvementDto['activityPost'];
  members: MemberPage | null;
  isCreator: boolean;
};

/** Activity for those who may read it, Submissions where allowed, Members for the creator. */
function EnvolvementTabs({ envolvement, viewer, posts, members, isCreator }: TabsProps) {
  return (
    <UnderlineTabs
      label="Envolvement content"
      items={[
        {
          value: 'activity',
          label: 'Activity',
          content: (
            <div className="space-y-4">
              {isCreator && !envolvement.removed && <PostUpdateForm envolvementId={envolvement._id} />}
              <ActivityList posts={posts} isCreator={isCreator} />
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

export default async function EnvolvementPage({ params }: PageProps) {
  const [{ id }, viewer] = await Promise.all([params, getViewer()]);
  const viewerId = viewer?.id ?? null;
  const view = await load(id, viewerId);
  if (!view) notFound();
  const { envolvement, mayReadActivity: canSee } = view;
  // The proxy answers this state with 410 Gone.
  if (!maySee(envolvement, viewerId)) {
    return (
      <PageNotice
        title="Envolvement Removed"
        message={REMOVED_MESSAGE}
        action={{ href: '/explore', label: 'Explore envolvements' }}
      />
    );
  }

  const isCreator = viewerId === envolvement.userID;
  const [members, impact] = await Promise.all([
    isCreator ? memberPage(envolvement._id) : null,
    isCreator && !envolvement.removed ? getRemovalImpact(envolvement._id) : null,
  ]);
  const posts = envolvement.activityPost;

  return (
    <ErrorBannerProvider>
      <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <JsonLd data={envolvementJsonLd(envolvement)} />
        {envolvement.removed && <RemovedBanner isCreator={isCreator} membership={envolvement.membership} />}
        <EnvolvementCard
          envolvement={envolvement}
          signedIn={Boolean(viewer)}
          creatorTools={isCreator ? impact : null}
        />
        <div className="mt-8">
          {!viewer ? (
            <SignInPanel envolvementId={envolvement._id} />
          ) : !canSee ? (
            <LockPanel
              envolvementId={envolvement._id}
              categories={envolvement.categories}
              removed={envolvement.removed}
            />
          ) : (
            <EnvolvementTabs
              envolvement={envolvement}
              viewer={viewer}
              posts={posts}
              members={members}
              isCreator={isCreator}
            />
          )}
        </div>
      </article>
    </ErrorBannerProvider>
  );
}
