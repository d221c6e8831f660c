import { listEnvolvementsByCreator, publicCreatorFirstPage } from '@/lib/envolvements/list';
import { offerViewerOf } from '@/lib/envolvements/offer-viewer';
import { profileSlug } from '@/lib/envolvements/rules';
import { EnvolvementGridSkeleton } from './envolvement-grid';
import { nextPagePath } from './next-page';
import { PagedGrid } from './paged-grid';

/** A creator's envolvements as cards linking to their pages; streamed after the profile header. */
export async function CreatorEnvolvements({ creatorId, viewerId }: { creatorId: string; viewerId: string | null }) {
  // Visitors all see the same first page; the creator also sees their drafts.
  const page = viewerId
    ? await listEnvolvementsByCreator(creatorId, viewerId)
    : await publicCreatorFirstPage(creatorId);
  if (!page.items.length) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
        This user has no Envolvements.
      </p>
    );
  }
  return (
    <PagedGrid
      initial={page.items}
      next={nextPagePath(`/api/profile/${encodeURIComponent(profileSlug(creatorId))}`, page.nextCursor)}
      viewer={offerViewerOf(viewerId)}
      mode="link"
      priority
    />
  );
}

export function CreatorEnvolvementsLoading() {
  return (
    <div>
      <p role="status" className="mb-4 text-sm text-slate-500">
        Loading...
      </p>
      <EnvolvementGridSkeleton count={3} />
    </div>
  );
}
